/// A block of a feature met on the walk over it (`Feature.walk`): a rule, or a background
/// or scenario with the rule it stands in (nil directly under the feature).
public enum FeatureBlock: Sendable {
    /// A rule, before its children.
    case rule(Rule)
    /// A background, of `rule` or (nil) of the feature.
    case background(Background, rule: Rule?)
    /// A scenario, in `rule` or (nil) directly in the feature.
    case scenario(Scenario, rule: Rule?)
}

extension Feature {
    /// Visits every block of the feature in the order of the file: a rule, then its
    /// backgrounds and scenarios. The one walk over features, rules, backgrounds and
    /// scenarios, as the official gherkin-utils has one walker; code that lays the blocks
    /// out as a tree (the formatter, the report's chapters) follows the tree itself.
    public func walk(_ visit: (FeatureBlock) throws -> Void) rethrows {
        for child in children {
            switch child {
            case .background(let background): try visit(.background(background, rule: nil))
            case .scenario(let scenario): try visit(.scenario(scenario, rule: nil))
            case .rule(let rule):
                try visit(.rule(rule))
                for ruleChild in rule.children {
                    switch ruleChild {
                    case .background(let background): try visit(.background(background, rule: rule))
                    case .scenario(let scenario): try visit(.scenario(scenario, rule: rule))
                    }
                }
            }
        }
    }

    /// Every scenario (outlines included) with the rule it stands in, in file order.
    public var scenariosWithRules: [(scenario: Scenario, rule: Rule?)] {
        var result: [(scenario: Scenario, rule: Rule?)] = []
        walk { block in if case .scenario(let scenario, let rule) = block { result.append((scenario, rule)) } }
        return result
    }

    /// Every step of every background and scenario, in file order.
    public var allSteps: [Step] {
        var result: [Step] = []
        walk { block in
            switch block {
            case .background(let background, _): result += background.steps
            case .scenario(let scenario, _): result += scenario.steps
            case .rule: break
            }
        }
        return result
    }
}
