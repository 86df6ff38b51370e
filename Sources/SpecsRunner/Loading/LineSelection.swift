import Gherkin

/// Which pickles a `:LINE` selects, as an editor's "run what is at the cursor" expects: a
/// line anywhere in a scenario (its tags, its steps, a step's table or doc string) selects
/// all its pickles; a line in an examples block (its tags, header, description) selects that
/// block's rows, and a row's line that row alone.
///
/// The file is indexed once (which scenario and block each line is in, each row's block), so
/// that the lines of a rerun file of thousands of rows select in time linear in the lines and
/// pickles, not their product.
struct LineSelection {
    private struct Block {
        let id: String
        let lines: ClosedRange<Int>
        let rowLines: Set<Int>
    }

    private struct Place {
        let scenario: String
        let lines: ClosedRange<Int>
        let blocks: [Block]
    }

    /// Each scenario (by id) with the lines it spans and its examples blocks.
    private let places: [String: Place]
    /// The scenario each line of a scenario's span is in (its first tag to the line before the
    /// next block).
    private let scenarioAt: [Int: String]
    /// The examples block (by id) of each row (by id).
    private let blockOfRow: [String: String]

    /// `lastLine`: the file's last line, where its last scenario ends.
    init(document: GherkinDocument, lastLine: Int) {
        var places: [String: Place] = [:]
        var scenarioAt: [Int: String] = [:]
        var blockOfRow: [String: String] = [:]
        for (scenario, lines, examples) in Self.places(document, lastLine: lastLine)
        where places[scenario.id] == nil {
            let blocks = examples.map { examples, lines in
                for row in examples.tableBody { blockOfRow[row.id] = examples.id }
                return Block(id: examples.id, lines: lines, rowLines: Set(examples.tableBody.map(\.location.line)))
            }
            places[scenario.id] = Place(scenario: scenario.id, lines: lines, blocks: blocks)
            for line in lines where scenarioAt[line] == nil { scenarioAt[line] = scenario.id }
        }
        (self.places, self.scenarioAt, self.blockOfRow) = (places, scenarioAt, blockOfRow)
    }

    /// What one line selects beside the pickles that stand on it: the whole scenario (a line
    /// of it outside its examples), or one block's rows (a line of the block that is no row's);
    /// nothing else.
    private enum Reach: Hashable {
        case scenario(String)
        case rows(ofBlock: String)
    }

    private func reach(of line: Int) -> Reach? {
        guard let scenario = scenarioAt[line], let place = places[scenario], place.lines.contains(line) else {
            return nil
        }
        guard let block = place.blocks.first(where: { $0.lines.contains(line) }) else { return .scenario(scenario) }
        return block.rowLines.contains(line) ? nil : .rows(ofBlock: block.id)
    }

    /// Whether `pickle` is selected by `lines`, given what they reach.
    private func selects(_ pickle: Pickle, lines: Set<Int>, reached: Set<Reach>) -> Bool {
        if lines.contains(pickle.location.line) { return true }
        guard let scenario = pickle.astNodeIds.first, places[scenario] != nil else { return false }
        if reached.contains(.scenario(scenario)) { return true }
        guard pickle.astNodeIds.count > 1, let block = blockOfRow[pickle.astNodeIds[1]] else { return false }
        return reached.contains(.rows(ofBlock: block))
    }

    /// Whether each pickle is selected by `lines`.
    func selector(lines: Set<Int>) -> (Pickle) -> Bool {
        let reached = Set(lines.compactMap(reach))
        return { selects($0, lines: lines, reached: reached) }
    }

    /// The lines of `lines` that select none of `pickles`, in order.
    func linesSelectingNothing(_ lines: Set<Int>, of pickles: [Pickle]) -> [Int] {
        let standing = Set(pickles.map(\.location.line))
        var reachable: Set<Reach> = []
        for pickle in pickles {
            guard let scenario = pickle.astNodeIds.first, places[scenario] != nil else { continue }
            reachable.insert(.scenario(scenario))
            if pickle.astNodeIds.count > 1, let block = blockOfRow[pickle.astNodeIds[1]] {
                reachable.insert(.rows(ofBlock: block))
            }
        }
        return lines.sorted().filter { line in
            guard !standing.contains(line) else { return false }
            guard let reach = reach(of: line) else { return true }
            return !reachable.contains(reach)
        }
    }

    /// Each scenario with the lines it spans (its first tag to the line before the next block)
    /// and each of its examples blocks with theirs.
    private static func places(
        _ document: GherkinDocument, lastLine: Int
    ) -> [(scenario: Scenario, lines: ClosedRange<Int>, examples: [(examples: Examples, lines: ClosedRange<Int>)])] {
        guard let feature = document.feature else { return [] }
        var starts: [(line: Int, scenario: Scenario?)] = []
        feature.walk { block in
            switch block {
            case .rule(let rule): starts.append((Self.start(rule.location, rule.tags), nil))
            case .background(let background, _): starts.append((background.location.line, nil))
            case .scenario(let scenario, _): starts.append((Self.start(scenario.location, scenario.tags), scenario))
            }
        }
        return starts.indices.compactMap { index in
            guard let scenario = starts[index].scenario else { return nil }
            let end = max(starts[index].line, index + 1 < starts.count ? starts[index + 1].line - 1 : lastLine)
            let exampleStarts = scenario.examples.map { Self.start($0.location, $0.tags) }
            let examples = scenario.examples.indices.map { number in
                let blockEnd = number + 1 < exampleStarts.count ? exampleStarts[number + 1] - 1 : end
                return (scenario.examples[number], exampleStarts[number]...max(exampleStarts[number], blockEnd))
            }
            return (scenario, starts[index].line...end, examples)
        }
    }

    private static func start(_ location: Location, _ tags: [Tag]) -> Int {
        min(location.line, tags.map(\.location.line).min() ?? location.line)
    }
}
