/// The AST as plain owned values: what documents encode to, decode from and compare by.
/// The public nodes are views into an `AstStorage`; these are their contents, field by field.
enum PlainAst {
    struct GherkinDocument: Sendable, Hashable, Codable {
        var uri: String?
        var feature: Feature?
        var comments: [Comment]
    }
    struct Feature: Sendable, Hashable, Codable {
        var location: Location
        var tags: [Tag]
        var language: String
        var keyword: String
        var name: String
        var description: String
        var children: [FeatureChild]
    }

    enum FeatureChild: Sendable, Hashable {
        case background(Background)
        case scenario(Scenario)
        case rule(Rule)
    }

    struct Rule: Sendable, Hashable, Codable {
        var location: Location
        var tags: [Tag]
        var keyword: String
        var name: String
        var description: String
        var children: [RuleChild]
        var id: String
    }

    enum RuleChild: Sendable, Hashable {
        case background(Background)
        case scenario(Scenario)
    }

    struct Background: Sendable, Hashable, Codable {
        var location: Location
        var keyword: String
        var name: String
        var description: String
        var steps: [Step]
        var id: String
    }
    struct Scenario: Sendable, Hashable, Codable {
        var location: Location
        var tags: [Tag]
        var keyword: String
        var name: String
        var description: String
        var steps: [Step]
        var examples: [Examples]
        var id: String
    }
    struct Examples: Sendable, Hashable, Codable {
        var location: Location
        var tags: [Tag]
        var keyword: String
        var name: String
        var description: String
        var tableHeader: TableRow?
        var tableBody: [TableRow]
        var id: String
    }
    struct Step: Sendable, Hashable, Codable {
        var location: Location
        var keyword: String
        var keywordType: StepKeywordType?
        var text: String
        var docString: DocString?
        var dataTable: DataTable?
        var id: String
    }
    struct TableCell: Sendable, Hashable, Codable {
        var location: Location
        var value: String
    }

    struct TableRow: Sendable, Hashable, Codable {
        var location: Location
        var cells: [TableCell]
        var id: String
    }

    struct DataTable: Sendable, Hashable, Codable {
        var location: Location
        var rows: [TableRow]
    }
    struct DocString: Sendable, Hashable, Codable {
        var location: Location
        var mediaType: String?
        var content: String
        var delimiter: String
    }
    struct Tag: Sendable, Hashable, Codable {
        var location: Location
        var name: String
        var id: String
    }
    struct Comment: Sendable, Hashable, Codable {
        var location: Location
        var text: String
    }
}

extension PlainAst.FeatureChild: Codable {
    private enum CodingKeys: String, CodingKey { case background, scenario, rule }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let background = try container.decodeIfPresent(PlainAst.Background.self, forKey: .background) {
            self = .background(background)
        } else if let rule = try container.decodeIfPresent(PlainAst.Rule.self, forKey: .rule) {
            self = .rule(rule)
        } else {
            self = .scenario(try container.decode(PlainAst.Scenario.self, forKey: .scenario))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .background(let background): try container.encode(background, forKey: .background)
        case .scenario(let scenario): try container.encode(scenario, forKey: .scenario)
        case .rule(let rule): try container.encode(rule, forKey: .rule)
        }
    }
}

extension PlainAst.RuleChild: Codable {
    private enum CodingKeys: String, CodingKey { case background, scenario }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let background = try container.decodeIfPresent(PlainAst.Background.self, forKey: .background) {
            self = .background(background)
        } else {
            self = .scenario(try container.decode(PlainAst.Scenario.self, forKey: .scenario))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .background(let background): try container.encode(background, forKey: .background)
        case .scenario(let scenario): try container.encode(scenario, forKey: .scenario)
        }
    }
}
