import Failures
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes that check every byte: standard output and `--output` files report a full disk or an I/O error
/// (exit 74) instead of ending with exit 0 having written nothing.
enum FileOutput {
    /// Writes the string's UTF-8 bytes as they are stored, without copying them into `Data` first: on Linux,
    /// `Data(text.utf8)` asks the runtime whether `String.UTF8View` is `ContiguousBytes`, a scan of every
    /// conformance record in the binary on a process's first write.
    /// - Returns: The `errno` of the write that failed, nil when every byte was written.
    static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { bytes -> Int32? in
            guard var next = bytes.baseAddress else { return nil }
            var remaining = bytes.count
            while remaining > 0 {
                #if canImport(Glibc)
                    let written = Glibc.write(descriptor, next, remaining)
                #else
                    let written = Darwin.write(descriptor, next, remaining)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                next += written
                remaining -= written
            }
            return nil
        }
    }

    /// `cannot write <where> — <the system's reason>`, exit 74.
    static func error(writing place: String, errno code: Int32) -> FolioError {
        let reason = String(cString: strerror(code))
        return FolioError(.ioError, "cannot write \(place)", why: reason.prefix(1).lowercased() + reason.dropFirst())
    }

    /// Writes `text` to the file at `path`: a regular file (or a new one) through a temporary file beside it,
    /// renamed over the name only when every byte is on disk, so a failed export never leaves a truncated file
    /// under the requested name; a device or a pipe (`/dev/stdout`, a FIFO) directly, since it cannot be replaced.
    /// - Throws: ``FolioError`` (ioError, exit 74) naming the path and the system's reason.
    static func write(_ text: String, toFileAt path: String) throws(FolioError) {
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw error(writing: path, errno: errno) }
            let failure = writeAll(text, to: descriptor)
            let closed = close(descriptor) == 0 ? nil : errno
            if let code = failure ?? closed { throw error(writing: path, errno: code) }
            return
        }
        let url = URL(fileURLWithPath: path)
        var template = Array(
            url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).XXXXXX").path.utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw error(writing: path, errno: errno) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure = writeAll(text, to: descriptor)
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        // mkstemp creates 0600; an export is an ordinary file, readable as the user's umask allows.
        let mask = umask(0)
        umask(mask)
        if failure == nil, chmod(temporary, 0o666 & ~mask) != 0 { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw error(writing: path, errno: failure)
        }
    }
}
