/// A maximum flow by Dinic's method on `Int64` capacities: breadth-first
/// levels from the source, then blocking flows along them by depth-first
/// search with a per-node edge cursor, until the sink is out of reach.
///
/// Each phase lengthens the shortest augmenting path, so there are at most
/// `V` phases of `O(V · E)` each: `O(V² · E)` in all for `V` nodes and `E`
/// edges, whatever the capacities (no scaling, no floating point). The same
/// network gives the same flow on every run: edges are tried in the order
/// they were added.
struct MaxFlow {
    /// One direction of an edge; `reverse` is its partner's index in `edges`.
    struct Edge {
        var to: Int
        var capacity: Int64
        var reverse: Int
    }

    private(set) var edges: [Edge] = []
    /// The indices in `edges` of the edges leaving each node, in the order added.
    private var leaving: [[Int]]

    init(nodes: Int) { leaving = Array(repeating: [], count: nodes) }

    var nodeCount: Int { leaving.count }

    /// Adds an edge `from → to` of `capacity` (at least 0) and returns its index,
    /// whose ``flow(_:)`` reads what went along it.
    @discardableResult
    mutating func addEdge(from: Int, to: Int, capacity: Int64) -> Int {
        let k = edges.count
        edges.append(Edge(to: to, capacity: capacity, reverse: k + 1))
        edges.append(Edge(to: from, capacity: 0, reverse: k))
        leaving[from].append(k)
        leaving[to].append(k + 1)
        return k
    }

    /// The flow along the edge at `edge` (its partner's residual capacity).
    func flow(_ edge: Int) -> Int64 { edges[edges[edge].reverse].capacity }

    /// Pushes as much flow as the network holds from `source` to `sink`, and returns it
    /// (added to whatever an earlier call pushed).
    mutating func maximize(from source: Int, to sink: Int) -> Int64 {
        guard source != sink else { return 0 }
        var total: Int64 = 0
        var level = [Int](repeating: -1, count: nodeCount)
        var cursor = [Int](repeating: 0, count: nodeCount)
        while levels(from: source, to: sink, &level) {
            for k in cursor.indices { cursor[k] = 0 }
            while true {
                let pushed = push(from: source, to: sink, limit: .max, &level, &cursor)
                if pushed == 0 { break }
                total += pushed
            }
        }
        return total
    }

    /// Each node's distance from `source` in the residual network (-1 when out of
    /// reach); whether `sink` is in reach.
    private func levels(from source: Int, to sink: Int, _ level: inout [Int]) -> Bool {
        for k in level.indices { level[k] = -1 }
        level[source] = 0
        var queue = [source]
        var head = 0
        while head < queue.count {
            let v = queue[head]
            head += 1
            for e in leaving[v] where edges[e].capacity > 0 && level[edges[e].to] < 0 {
                level[edges[e].to] = level[v] + 1
                queue.append(edges[e].to)
            }
        }
        return level[sink] >= 0
    }

    /// One augmenting path of at most `limit` along increasing levels from `v`, found
    /// depth first; the edges a node has exhausted are skipped for the rest of the phase.
    private mutating func push(from v: Int, to sink: Int, limit: Int64, _ level: inout [Int],
                               _ cursor: inout [Int]) -> Int64 {
        if v == sink { return limit }
        while cursor[v] < leaving[v].count {
            let e = leaving[v][cursor[v]]
            let to = edges[e].to
            if edges[e].capacity > 0 && level[to] == level[v] + 1 {
                let pushed = push(from: to, to: sink, limit: min(limit, edges[e].capacity), &level, &cursor)
                if pushed > 0 {
                    edges[e].capacity -= pushed
                    edges[edges[e].reverse].capacity += pushed
                    return pushed
                }
            }
            cursor[v] += 1
        }
        // A dead end for this phase.
        level[v] = -1
        return 0
    }
}
