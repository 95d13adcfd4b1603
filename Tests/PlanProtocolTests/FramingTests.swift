import Foundation
@testable import PlanRPC
import Testing
@testable import PlanProtocol

/// Splitting the input into messages: lines, Content-Length blocks, limits.
@Suite struct FramingTests {
    /// Every frame of `input`, read `piece` bytes at a time with a small chunk.
    func frames(_ input: [UInt8], limit: Int = 1024, piece: Int = .max, chunk: Int = 16) -> [Frame] {
        var reader = FrameReader(source: MemorySource(input, piece: piece), limit: limit, chunk: chunk)
        var out: [Frame] = []
        while let f = reader.next() { out.append(f) }
        return out
    }

    func frames(_ text: String, limit: Int = 1024, piece: Int = .max, chunk: Int = 16) -> [Frame] {
        frames(Array(text.utf8), limit: limit, piece: piece, chunk: chunk)
    }

    func message(_ s: String, _ f: Framing) -> Frame { .message(Array(s.utf8), f) }

    @Test(arguments: [1, 3, 7, 1000])
    func readsLinesAndHeaderBlocksMixedAtAnyChunking(piece: Int) {
        let input = "{\"a\":1}\n\r\n  \n{\"b\":2}\r\nContent-Length: 7\r\n\r\n{\"c\":3}content-length:7\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{\"d\":4}\n{\"e\":5}"
        let got = frames(input, piece: piece, chunk: 5)
        #expect(got == [message("{\"a\":1}", .line), message("{\"b\":2}", .line), message("{\"c\":3}", .contentLength),
                        message("{\"d\":4}", .contentLength), message("{\"e\":5}", .line)])
    }

    @Test func aHeaderBlockMayUseBareNewlines() {
        #expect(frames("Content-Length: 2\n\n{}") == [message("{}", .contentLength)])
    }

    @Test func aBodyMayContainNewlines() {
        let body = "{\n  \"a\": 1\n}"
        #expect(frames("Content-Length: \(body.utf8.count)\r\n\r\n\(body)\n[]\n") == [message(body, .contentLength), message("[]", .line)])
    }

    @Test func aLineOverTheLimitIsSkippedToItsNewline() {
        let long = "[" + String(repeating: "1,", count: 2000) + "1]"
        let got = frames("\(long)\n{\"next\":true}\n", limit: 1024, chunk: 64)
        #expect(got == [.tooLarge(.line, size: nil), message("{\"next\":true}", .line)])
        // Exactly at the limit is still read.
        let exact = "\"" + String(repeating: "x", count: 1022) + "\""
        #expect(frames(exact + "\r\n", limit: 1024) == [message(exact, .line)])
        #expect(frames(exact + " \n", limit: 1024) == [.tooLarge(.line, size: nil)])
    }

    /// The header bound: a block of exactly 8,192 bytes before its blank line
    /// is read, one byte more is refused, and so is one endless header line.
    @Test func aHeaderBlockOverItsLimitIsRefused() {
        let head = "Content-Length: 2\r\n"
        func block(padding n: Int) -> String { head + "X-Pad: " + String(repeating: "a", count: n) + "\r\n\r\n{}" }
        let atLimit = FrameReader<MemorySource>.headerLimit - head.utf8.count - "X-Pad: \r\n".utf8.count
        #expect(frames(block(padding: atLimit), chunk: 64) == [message("{}", .contentLength)])
        #expect(frames(block(padding: atLimit + 1), chunk: 64).first == .badHeader("a header block longer than 8192 bytes"))
        guard case .badHeader(let why)? = frames("Content-Type: " + String(repeating: "a", count: 9_000) + "\r\n", chunk: 64).first else {
            Issue.record("expected a bad header")
            return
        }
        #expect(why.hasPrefix("a header line longer than 8192 bytes: "))
    }

    @Test func aLongLastLineWithoutNewlineIsRefusedToo() {
        #expect(frames(String(repeating: "x", count: 5000), limit: 1024, chunk: 100) == [.tooLarge(.line, size: nil)])
    }

    @Test func aDeclaredBodyOverTheLimitIsSkippedUnread() {
        let body = String(repeating: "a", count: 3000)
        let got = frames("Content-Length: 3000\r\n\r\n\(body){\"next\":1}\n", limit: 1024, chunk: 64)
        #expect(got == [.tooLarge(.contentLength, size: 3000), message("{\"next\":1}", .line)])
    }

    /// The reader never holds much more than the limit, however long the line.
    @Test func memoryStaysBoundedWhileSkipping() {
        struct Endless: ByteSource {
            var left = 5_000_000
            var maxRead = 0
            mutating func read(max: Int) -> [UInt8] {
                guard left > 0 else { return [] }
                let n = min(max, left)
                left -= n
                maxRead = Swift.max(maxRead, n)
                return [UInt8](repeating: UInt8(ascii: "7"), count: n - (left == 0 ? 1 : 0)) + (left == 0 ? [0x0A] : [])
            }
        }
        var reader = FrameReader(source: Endless(), limit: 100_000, chunk: 4096)
        #expect(reader.next() == .tooLarge(.line, size: nil))
        #expect(reader.buffer.capacity < 300_000)
        #expect(reader.next() == nil)
    }

    @Test func brokenHeadersAreReportedAndReadingGoesOn() {
        #expect(frames("Content-Length: abc\r\n\r\n{}\n") == [.badHeader("Content-Length \"abc\" is not a byte count"), message("{}", .line)])
        #expect(frames("Content-Type: x\r\n\r\n[]\n") == [.badHeader("a header block without Content-Length"), message("[]", .line)])
        // A stray line starting with C is answered at once, not waited on.
        if case .badHeader(let why) = frames("Cats are not JSON\n{}\n").first {
            #expect(why.contains("neither JSON nor a header"))
        } else {
            Issue.record("expected a bad header")
        }
        #expect(frames("Cats are not JSON\n{}\n").last == message("{}", .line))
        // Cut short.
        if case .badHeader(let why) = frames("Content-Length: 10\r\n\r\n{}").first {
            #expect(why.contains("2 of the 10 bytes"))
        } else {
            Issue.record("expected a bad header")
        }
    }

    @Test func framesAnswersInTheFramingAskedFor() {
        #expect(Framing.line.frame("{}") == Array("{}\n".utf8))
        #expect(Framing.contentLength.frame("{\"é\":1}") == Array("Content-Length: 8\r\n\r\n{\"é\":1}".utf8))
    }

    @Test func emptyInputHasNoFrames() {
        #expect(frames("").isEmpty)
        #expect(frames("\n\r\n   \n").isEmpty)
    }
}
