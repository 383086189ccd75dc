import FeatureKit
import Synchronization

/// Charts a server has drawn, kept while the same points are asked for again.
///
/// A fund page's chart (up to 3,266 points, a wide and a narrow drawing and 400 hover labels) was half of the
/// page's time, and it is the same drawing on every view until the history changes. A kept drawing is reused
/// only when every point is equal to the one it was drawn from — compared in full, not by a hash — and when it
/// is asked for from the same line of code (whose formatting closures are therefore the same), with the same id,
/// title and caption: a chart of changed data is always drawn anew.
public final class RenderedCharts: Sendable {
    private struct Identity: Hashable {
        var site: String
        var id: String
        var title: String
        var caption: String
    }

    private struct Drawing {
        var points: [ChartPoint]
        var html: HTML
        var lastUse: UInt64
    }

    private struct State {
        var drawings: [Identity: Drawing] = [:]
        var uses: UInt64 = 0
    }

    /// How many drawings are kept; the least recently used goes first.
    public let capacity: Int
    private let state = Mutex(State())

    /// Creates an empty memory of at most `capacity` drawings.
    public init(capacity: Int = 32) {
        self.capacity = max(1, capacity)
    }

    /// `chart.figure(id:caption:)`, drawn now or reused as described above.
    public func figure(
        _ chart: WebChart, id: String, caption: HTML, fileID: String = #fileID, line: Int = #line
    ) -> HTML {
        let identity = Identity(site: "\(fileID):\(line)", id: id, title: chart.title, caption: caption.markup)
        let kept: HTML? = state.withLock { state in
            guard var drawing = state.drawings[identity], drawing.points == chart.points else { return nil }
            state.uses += 1
            drawing.lastUse = state.uses
            state.drawings[identity] = drawing
            return drawing.html
        }
        if let kept { return kept }
        let html = chart.figure(id: id, caption: caption)
        state.withLock { state in
            state.uses += 1
            state.drawings[identity] = Drawing(points: chart.points, html: html, lastUse: state.uses)
            if state.drawings.count > capacity,
                let oldest = state.drawings.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                state.drawings[oldest] = nil
            }
        }
        return html
    }

    /// How many drawings are kept now.
    public var count: Int { state.withLock { $0.drawings.count } }
}
