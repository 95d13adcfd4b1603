import CLibrsvg

/// Why a picture could not be made.
package enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// librsvg refused the SVG (its message).
    case svg(String)
    /// cairo could not make or encode the image (its status).
    case cairo(String)

    package var description: String {
        switch self {
        case .svg(let m): "librsvg could not read the SVG: \(m)"
        case .cairo(let m): "cairo could not make the PNG: \(m)"
        }
    }
}

/// SVG to PNG through librsvg's C API onto a cairo image surface: the one
/// module that talks to librsvg and cairo. Bytes in, bytes out; no files.
package enum PNGImage {
    /// The version of the librsvg this process runs with (`2.54.7`).
    package static var librsvgVersion: String { "\(rsvg_major_version).\(rsvg_minor_version).\(rsvg_micro_version)" }

    /// `svg` drawn on a white `width`×`height` image, scaled to fill it, as PNG bytes.
    package static func render(svg: String, width: Int, height: Int) throws(ImageError) -> [UInt8] {
        var handle: OpaquePointer?
        var surface: OpaquePointer?
        var context: OpaquePointer?
        var error: UnsafeMutablePointer<GError>?
        // Every C handle is freed here, whatever happened below.
        defer {
            if let context { cairo_destroy(context) }
            if let surface { cairo_surface_destroy(surface) }
            if let handle { g_object_unref(UnsafeMutableRawPointer(handle)) }
            if let error { g_error_free(error) }
        }
        let bytes = Array(svg.utf8)
        handle = bytes.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error) }
        guard let handle else { throw .svg(message(error)) }
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { throw .cairo(status(surface)) }
        context = cairo_create(surface)
        guard let context else { throw .cairo("no drawing context") }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        guard rsvg_handle_render_document(handle, context, &viewport, &error) != 0 else { throw .svg(message(error)) }
        cairo_surface_flush(surface)
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let written = cairo_surface_write_to_png_stream(surface, { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard written == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(written))) }
        return sink.bytes
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error, let m = error.pointee.message else { return "unknown error" }
        return String(cString: m)
    }

    private static func status(_ surface: OpaquePointer?) -> String {
        guard let surface else { return "no surface" }
        return String(cString: cairo_status_to_string(cairo_surface_status(surface)))
    }
}
