@main
enum Benchmarks {
    static func main() async throws {}
}
