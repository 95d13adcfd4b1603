import CLibrsvg

/// Why a picture could not be made.
package enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// librsvg refused the SVG (its message).
    case svg(String)
    /// cairo could not make or encode the image (its status).
    case cairo(String)
    /// librsvg or cairo is not installed here (what to install).
    case unavailable(String)

    package var description: String {
        switch self {
        case .svg(let m): "librsvg could not read the SVG: \(m)"
        case .cairo(let m): "cairo could not make the PNG: \(m)"
        case .unavailable(let m): "pictures need librsvg: \(m)"
        }
    }
}

/// SVG to PNG through librsvg's C API onto a cairo image surface: the one
/// module that talks to librsvg and cairo. Bytes in, bytes out; no files.
package enum PNGImage {
    /// The version of the librsvg this process runs with (`2.54.7`), or why there is none.
    package static var librsvgVersion: String {
        switch Librsvg.loaded {
        case .success(let lib): lib.version ?? "(older than 2.52)"
        case .failure: "not installed (plan week --png needs it)"
        }
    }

    /// `svg` drawn on a white `width`×`height` image, scaled to fill it, as PNG bytes.
    package static func render(svg: String, width: Int, height: Int) throws(ImageError) -> [UInt8] {
        let lib = try Librsvg.loaded.get()
        var handle: OpaquePointer?
        var surface: OpaquePointer?
        var context: OpaquePointer?
        var error: UnsafeMutablePointer<GError>?
        // Every C handle is freed here, whatever happened below.
        defer {
            if let context { lib.destroy(context) }
            if let surface { lib.surfaceDestroy(surface) }
            if let handle { lib.objectUnref(UnsafeMutableRawPointer(handle)) }
            if let error { lib.errorFree(error) }
        }
        let bytes = Array(svg.utf8)
        handle = bytes.withUnsafeBufferPointer { lib.newFromData($0.baseAddress, gsize($0.count), &error) }
        guard let handle else { throw .svg(message(error)) }
        surface = lib.imageSurfaceCreate(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        guard let surface, lib.surfaceStatus(surface) == CAIRO_STATUS_SUCCESS else { throw .cairo(status(surface, lib)) }
        context = lib.create(surface)
        guard let context else { throw .cairo("no drawing context") }
        lib.setSourceRGB(context, 1, 1, 1)
        lib.paint(context)
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        guard lib.renderDocument(handle, context, &viewport, &error) != 0 else { throw .svg(message(error)) }
        lib.surfaceFlush(surface)
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let written = lib.writeToPNGStream(surface, { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard written == CAIRO_STATUS_SUCCESS else { throw .cairo(text(written, lib)) }
        return sink.bytes
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error, let m = error.pointee.message else { return "unknown error" }
        return String(cString: m)
    }

    private static func status(_ surface: OpaquePointer?, _ lib: Librsvg) -> String {
        guard let surface else { return "no surface" }
        return text(lib.surfaceStatus(surface), lib)
    }

    private static func text(_ status: cairo_status_t, _ lib: Librsvg) -> String {
        lib.statusToString(status).map { String(cString: $0) } ?? "cairo status \(status.rawValue)"
    }
}
