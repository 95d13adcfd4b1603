#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Raw writes to file descriptor 2, unbuffered so warnings and output interleave in order.
enum FileHandleStderr {
    static func write(_ s: String) {
        var bytes = Array(s.utf8)
        bytes.withUnsafeMutableBytes { buf in
            var off = 0
            while off < buf.count {
                let n = Glibc_or_Darwin_write(2, buf.baseAddress! + off, buf.count - off)
                if n <= 0 { return }
                off += n
            }
        }
    }
}

@inline(__always)
private func Glibc_or_Darwin_write(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ n: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, p, n)
    #else
    return Darwin.write(fd, p, n)
    #endif
}
