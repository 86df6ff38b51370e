/// The named rules of `gherkin.berp`; the parser opens and closes them as it goes,
/// and the AST builder turns each closed rule into a node.
enum RuleType: Sendable {
    case gherkinDocument, feature, featureHeader, rule, ruleHeader, background
    case scenarioDefinition, scenario, examplesDefinition, examples, examplesTable
    case step, dataTable, docString, tags, description
}
