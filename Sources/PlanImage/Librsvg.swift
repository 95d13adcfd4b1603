import CLibrsvg
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// librsvg, cairo and the two glib calls PlanImage makes, opened with `dlopen` the
/// first time a picture is drawn (or `plan --version` asks), never at process start:
/// librsvg brings some forty shared libraries with it, which every other command
/// would otherwise pay to load and bind.
struct Librsvg: @unchecked Sendable {
    let newFromData: plan_rsvg_handle_new_from_data
    let renderDocument: plan_rsvg_handle_render_document
    let objectUnref: plan_g_object_unref
    let errorFree: plan_g_error_free
    let imageSurfaceCreate: plan_cairo_image_surface_create
    let surfaceStatus: plan_cairo_surface_status
    let surfaceFlush: plan_cairo_surface_flush
    let surfaceDestroy: plan_cairo_surface_destroy
    let writeToPNGStream: plan_cairo_surface_write_to_png_stream
    let create: plan_cairo_create
    let destroy: plan_cairo_destroy
    let setSourceRGB: plan_cairo_set_source_rgb
    let paint: plan_cairo_paint
    let statusToString: plan_cairo_status_to_string
    /// `2.54.7`, or nil when this librsvg (before 2.52) does not say.
    let version: String?

    /// The libraries, loaded once per process; the error says what to install.
    static let loaded: Result<Librsvg, ImageError> = Result { () throws(ImageError) in try load() }

    #if canImport(Darwin)
    private static let names = (rsvg: ["librsvg-2.2.dylib", "/opt/homebrew/lib/librsvg-2.2.dylib", "/usr/local/lib/librsvg-2.2.dylib"],
                                cairo: ["libcairo.2.dylib", "/opt/homebrew/lib/libcairo.2.dylib", "/usr/local/lib/libcairo.2.dylib"],
                                gobject: ["libgobject-2.0.0.dylib", "/opt/homebrew/lib/libgobject-2.0.0.dylib", "/usr/local/lib/libgobject-2.0.0.dylib"],
                                glib: ["libglib-2.0.0.dylib", "/opt/homebrew/lib/libglib-2.0.0.dylib", "/usr/local/lib/libglib-2.0.0.dylib"])
    private static let install = "brew install librsvg"
    #else
    private static let names = (rsvg: ["librsvg-2.so.2"], cairo: ["libcairo.so.2"],
                                gobject: ["libgobject-2.0.so.0"], glib: ["libglib-2.0.so.0"])
    private static let install = "on Debian or Ubuntu: sudo apt-get install librsvg2-2"
    #endif

    private static func load() throws(ImageError) -> Librsvg {
        // librsvg first: it needs the others, so once it is open they are too.
        let rsvg = try open(names.rsvg)
        let cairo = try open(names.cairo)
        let gobject = try open(names.gobject)
        let glib = try open(names.glib)
        func version() -> String? {
            let symbols: [String] = ["rsvg_major_version", "rsvg_minor_version", "rsvg_micro_version"]
            let parts = symbols.compactMap { name in
                dlsym(rsvg, name).map { $0.assumingMemoryBound(to: UInt32.self).pointee }
            }
            return parts.count == 3 ? parts.map(String.init).joined(separator: ".") : nil
        }
        return Librsvg(
            newFromData: try symbol(rsvg, "rsvg_handle_new_from_data"),
            renderDocument: try symbol(rsvg, "rsvg_handle_render_document"),
            objectUnref: try symbol(gobject, "g_object_unref"),
            errorFree: try symbol(glib, "g_error_free"),
            imageSurfaceCreate: try symbol(cairo, "cairo_image_surface_create"),
            surfaceStatus: try symbol(cairo, "cairo_surface_status"),
            surfaceFlush: try symbol(cairo, "cairo_surface_flush"),
            surfaceDestroy: try symbol(cairo, "cairo_surface_destroy"),
            writeToPNGStream: try symbol(cairo, "cairo_surface_write_to_png_stream"),
            create: try symbol(cairo, "cairo_create"),
            destroy: try symbol(cairo, "cairo_destroy"),
            setSourceRGB: try symbol(cairo, "cairo_set_source_rgb"),
            paint: try symbol(cairo, "cairo_paint"),
            statusToString: try symbol(cairo, "cairo_status_to_string"),
            version: version())
    }

    /// The first of `names` that opens; kept open for the life of the process.
    private static func open(_ names: [String]) throws(ImageError) -> UnsafeMutableRawPointer {
        var reason = ""
        for name in names {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return handle }
            if reason.isEmpty, let e = dlerror() { reason = String(cString: e) }
        }
        throw .unavailable("\(names[0]) could not be loaded (\(reason)); \(install)")
    }

    private static func symbol<F>(_ library: UnsafeMutableRawPointer, _ name: String) throws(ImageError) -> F {
        guard let address = dlsym(library, name) else {
            throw .unavailable("\(name) is missing from the installed library (librsvg 2.46 or later and cairo 1.10 or later are needed)")
        }
        return unsafeBitCast(address, to: F.self)
    }
}
