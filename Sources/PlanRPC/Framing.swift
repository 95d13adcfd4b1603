#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PlanJSON

/// How a message was delimited; the answer goes back the same way.
package enum Framing: String, Hashable, Sendable {
    /// One JSON value per line (UTF-8, ended by `\n`; a `\r` before it is ignored).
    case line
    /// LSP style: `Content-Length: N\r\n\r\n` then exactly N bytes of JSON.
    case contentLength = "content-length"

    /// `body` framed for the wire.
    package func frame(_ body: String) -> [UInt8] {
        switch self {
        case .line: Array(body.utf8) + [0x0A]
        case .contentLength: Array("Content-Length: \(body.utf8.count)\r\n\r\n".utf8) + Array(body.utf8)
        }
    }
}

/// One unit read from the input.
package enum Frame: Hashable, Sendable {
    /// A message body (not yet parsed).
    case message([UInt8], Framing)
    /// A message longer than the limit: its bytes were skipped, never held.
    /// `size` is the declared length for Content-Length framing.
    case tooLarge(Framing, size: Int?)
    /// A header block that does not say how long the body is.
    case badHeader(String)
}

/// Where the reader gets bytes: a chunk at a time, empty at end of input.
package protocol ByteSource {
    /// Up to `max` bytes; an empty array means end of input.
    mutating func read(max: Int) -> [UInt8]
}

/// Splits an input stream into messages, in either framing, with memory
/// bounded by the message limit: a longer message is skipped as it streams
/// past (to its newline, or its declared length) and reported as
/// ``Frame/tooLarge(_:size:)``.
package struct FrameReader<Source: ByteSource> {
    package static var defaultLimit: Int { 16 * 1024 * 1024 }
    /// The largest header block accepted before its blank line.
    static var headerLimit: Int { 8 * 1024 }

    package var source: Source
    package let limit: Int
    /// Read a JSON value that spans lines (a pretty-printed file) as one
    /// message: a line that is the start of a value, cut short, is joined
    /// with the lines after it. Off for the long-running server, where a
    /// truncated line must not swallow the request after it; on for `--once`.
    package var joinsIncompleteLines = false
    let chunk: Int
    var buffer: [UInt8] = []
    var start = 0
    var atEOF = false

    package init(source: Source, limit: Int = FrameReader.defaultLimit, chunk: Int = 64 * 1024) {
        self.source = source
        self.limit = limit
        self.chunk = chunk
    }

    var available: Int { buffer.count - start }

    /// Appends one more chunk; false at end of input. Indices into `buffer`
    /// stay valid (compaction happens only between messages).
    mutating func fill() -> Bool {
        if atEOF { return false }
        let bytes = source.read(max: chunk)
        if bytes.isEmpty {
            atEOF = true
            return false
        }
        buffer.append(contentsOf: bytes)
        return true
    }

    /// Forgets everything read so far (used while skipping a long message).
    mutating func dropBuffer() {
        buffer.removeAll(keepingCapacity: buffer.capacity <= 4 * chunk)
        start = 0
    }

    /// The next frame, or nil at end of input.
    package mutating func next() -> Frame? {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        if buffer.capacity > 4 * chunk && buffer.count < chunk {
            buffer = Array(buffer)  // give back the memory of a large message
        }
        // Skip blank space between messages.
        while true {
            while start < buffer.count, [0x20, 0x09, 0x0D, 0x0A].contains(buffer[start]) { start += 1 }
            if start < buffer.count { break }
            dropBuffer()
            if !fill() { return nil }
        }
        // JSON never starts with a letter C: that is a header block.
        if buffer[start] == UInt8(ascii: "C") || buffer[start] == UInt8(ascii: "c") {
            return headerFramed()
        }
        return lineFramed()
    }

    /// The index of the next newline at or after `from`, reading more as
    /// needed but holding at most `cap` bytes from `start`; nil at end of
    /// input or when the cap is passed (see `available > cap`).
    mutating func newline(from: Int, cap: Int) -> Int? {
        var scanned = from
        while true {
            if let nl = buffer[scanned...].firstIndex(of: 0x0A) { return nl }
            scanned = buffer.count
            if available > cap { return nil }
            if !fill() { return nil }
        }
    }

    /// A line: up to its `\n`, or end of input.
    mutating func lineFramed() -> Frame? {
        var from = start
        while joinsIncompleteLines, let nl = newline(from: from, cap: limit + 1) {
            // Join while the text so far is an unfinished JSON value.
            do {
                _ = try JSONValue.parse(Array(buffer[start..<nl]))
                break
            } catch {
                guard error.incomplete else { break }
                from = nl + 1
            }
        }
        if let nl = newline(from: from, cap: limit + 1) {
            var end = nl
            if end > start, buffer[end - 1] == 0x0D { end -= 1 }
            defer { start = nl + 1 }
            if end - start > limit { return .tooLarge(.line, size: nil) }
            return .message(Array(buffer[start..<end]), .line)
        }
        if available > limit + 1 {
            // Too long: drop what is held and skip to the newline as it streams in.
            while true {
                dropBuffer()
                guard fill() else { return .tooLarge(.line, size: nil) }
                if let nl = buffer.firstIndex(of: 0x0A) {
                    start = nl + 1
                    return .tooLarge(.line, size: nil)
                }
            }
        }
        // The last line had no newline: it is still a message.
        let body = Array(buffer[start...])
        start = buffer.count
        if body.count > limit { return .tooLarge(.line, size: nil) }
        return body.isEmpty ? nil : .message(body, .line)
    }

    /// `Name: value` lines up to a blank line, then the body. A line that is
    /// not a header ends the block at once (and is skipped), so a stray line
    /// starting with C cannot make the reader wait.
    mutating func headerFramed() -> Frame? {
        let blockStart = start
        var length: Int?
        while true {
            guard let nl = newline(from: start, cap: Self.headerLimit) else {
                if available > Self.headerLimit {
                    let text = String(decoding: buffer[start..<(start + 40)], as: UTF8.self)
                    skipLine()
                    return .badHeader("a header line longer than \(Self.headerLimit) bytes: \(text.debugDescription)…")
                }
                let text = String(decoding: buffer[start...], as: UTF8.self)
                start = buffer.count
                return .badHeader("end of input inside a header block: \(text.debugDescription)")
            }
            var end = nl
            if end > start, buffer[end - 1] == 0x0D { end -= 1 }
            let line = String(decoding: buffer[start..<end], as: UTF8.self)
            start = nl + 1
            if line.isEmpty { break }
            if start - blockStart > Self.headerLimit {
                return .badHeader("a header block longer than \(Self.headerLimit) bytes")
            }
            guard let colon = line.firstIndex(of: ":"),
                  !line[..<colon].isEmpty, line[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                return .badHeader("\(line.prefix(80).debugDescription) is neither JSON nor a header (Name: value)")
            }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces()
            if name == "content-length" {
                guard !value.isEmpty, value.count <= 18, value.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(value) else {
                    return .badHeader("Content-Length \(String(value).debugDescription) is not a byte count")
                }
                length = n
            }
        }
        guard let n = length else { return .badHeader("a header block without Content-Length") }
        if n > limit {
            // Skip the body as it streams past.
            var left = n
            while left > 0 {
                if available == 0 {
                    dropBuffer()
                    if !fill() { break }
                }
                let take = min(left, available)
                start += take
                left -= take
            }
            return .tooLarge(.contentLength, size: n)
        }
        while available < n {
            if !fill() {
                let got = available
                start = buffer.count
                return .badHeader("end of input after \(got) of the \(n) bytes Content-Length announced")
            }
        }
        let body = Array(buffer[start..<(start + n)])
        start += n
        return .message(body, .contentLength)
    }

    /// Drops input up to and including the next newline.
    mutating func skipLine() {
        while true {
            if let nl = buffer[start...].firstIndex(of: 0x0A) {
                start = nl + 1
                return
            }
            dropBuffer()
            if !fill() { return }
        }
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
        return s
    }
}

/// Reads a file descriptor (standard input) a chunk at a time.
package struct FileDescriptorSource: ByteSource {
    package let fd: Int32
    package init(fd: Int32) { self.fd = fd }

    package mutating func read(max: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: max)
        while true {
            let n = out.withUnsafeMutableBytes { buf in
                #if canImport(Glibc)
                Glibc.read(fd, buf.baseAddress, max)
                #else
                Darwin.read(fd, buf.baseAddress, max)
                #endif
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return [] }
            out.removeSubrange(n...)
            return out
        }
    }
}

/// Bytes held in memory (for tests and `--once` over a string).
package struct MemorySource: ByteSource {
    var bytes: [UInt8]
    var offset = 0
    /// Largest piece handed out per read, to exercise chunk boundaries.
    let piece: Int

    package init(_ bytes: [UInt8], piece: Int = .max) {
        self.bytes = bytes
        self.piece = piece
    }

    package init(_ text: String, piece: Int = .max) { self.init(Array(text.utf8), piece: piece) }

    package mutating func read(max: Int) -> [UInt8] {
        let n = min(max, piece, bytes.count - offset)
        defer { offset += n }
        return Array(bytes[offset..<(offset + n)])
    }
}

/// Writes all bytes to a file descriptor (standard output); false when the
/// reader has gone away (EPIPE) or another error stops the write.
package func writeAll(fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buf in
        var off = 0
        while off < buf.count {
            #if canImport(Glibc)
            let n = Glibc.write(fd, buf.baseAddress! + off, buf.count - off)
            #else
            let n = Darwin.write(fd, buf.baseAddress! + off, buf.count - off)
            #endif
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            off += n
        }
        return true
    }
}
