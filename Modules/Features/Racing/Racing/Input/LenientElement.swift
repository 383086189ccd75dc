import Networking

/// A value that failed to decode without failing its parent, keeping the reason, so one malformed race is
/// reported as skipped instead of emptying the board. Networking's `decodeLenient` drops the reason; this
/// adapter stays until Networking offers lenient decoding that keeps it.
struct LenientElement<Value: Decodable>: Decodable {
    struct Failure: Error {
        let reason: String
    }

    let result: Result<Value, Failure>

    init(from decoder: any Decoder) throws {
        do {
            result = .success(try Value(from: decoder))
        } catch let error as DecodingError {
            let path = error.jsonPath
            result = .failure(Failure(reason: path.isEmpty ? error.reason : "\(path): \(error.reason)"))
        } catch {
            result = .failure(Failure(reason: "\(error)"))
        }
    }
}
