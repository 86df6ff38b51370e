/// The transitions of every parser state, composed from `gherkin.berp`:
///
///     GherkinDocument! := Feature?
///     Feature! := FeatureHeader Background? ScenarioDefinition* Rule*
///     FeatureHeader! := #Language? Tags? #FeatureLine DescriptionHelper
///     Rule! := RuleHeader Background? ScenarioDefinition*
///     RuleHeader! := Tags? #RuleLine DescriptionHelper
///     Background! := #BackgroundLine DescriptionHelper Step*
///     ScenarioDefinition! [#Empty|#Comment|#TagLine->#ScenarioLine] := Tags? Scenario
///     Scenario! := #ScenarioLine DescriptionHelper Step* ExamplesDefinition*
///     ExamplesDefinition! [#Empty|#Comment|#TagLine->#ExamplesLine] := Tags? Examples
///     Examples! := #ExamplesLine DescriptionHelper ExamplesTable?
///     ExamplesTable! := #TableRow #TableRow*
///     Step! := #StepLine StepArg?
///     StepArg := (DataTable DocString? | DocString DataTable?)
///     DataTable! := #TableRow+
///     DocString! := #DocStringSeparator #Other* #DocStringSeparator
///     Tags! := #TagLine+
///     DescriptionHelper := #Empty* Description?
///     Description! := (#Other | #Comment)+
///
/// The order of transitions is the order the tokens are tried in, and so the order
/// of the "expected" list in error messages.
enum Grammar {
    typealias T = Transition

    static func transitions(from state: ParserState) -> [Transition] {
        switch state {
        case .start:
            return [
                T(token: .eof, closeTo: .gherkinDocument, next: .finished),
                T(token: .language, open: [.feature, .featureHeader], next: .afterLanguage),
                T(token: .tagLine, open: [.feature, .featureHeader, .tags], next: .featureTags),
                T(token: .featureLine, open: [.feature, .featureHeader], next: .header(.feature)),
                T(token: .comment, next: .start),
                T(token: .empty, next: .start),
            ]
        case .afterLanguage:
            return [
                T(token: .tagLine, open: [.tags], next: .featureTags),
                T(token: .featureLine, next: .header(.feature)),
                T(token: .comment, next: state),
                T(token: .empty, next: state),
            ]
        case .featureTags:
            return tagsThen(.featureLine, closeTo: .featureHeader, open: [], next: .header(.feature), state)
        case .ruleTags:
            return tagsThen(.ruleLine, closeTo: .ruleHeader, open: [], next: .header(.rule), state)
        case .scenarioTags(let level):
            return tagsThen(
                .scenarioLine, closeTo: .scenarioDefinition, open: [.scenario], next: .scenario(level), state)
        case .examplesTags(let level):
            return tagsThen(
                .examplesLine, closeTo: .examplesDefinition, open: [.examples], next: .examples(level), state)
        case .finished:
            return []
        case .header(let level), .headerDescription(let level):
            let background = T(
                token: .backgroundLine, closeTo: container(level), open: [.background], next: .background(level))
            return described(state, level, description: .headerDescription(level), body: [background] + tail(level).all)
        case .background(let level), .backgroundDescription(let level):
            return described(
                state, level, description: .backgroundDescription(level), body: afterStep(level, .background))
        case .scenario(let level), .scenarioDescription(let level):
            return described(state, level, description: .scenarioDescription(level), body: afterStep(level, .scenario))
        case .examples(let level), .examplesDescription(let level):
            let table = T(token: .tableRow, closeTo: .examples, open: [.examplesTable], next: .examplesTable(level))
            return described(
                state, level, description: .examplesDescription(level), body: [table] + afterExamples(level))
        case .examplesTable(let level):
            return [eof, T(token: .tableRow, next: state)] + afterExamples(level) + ignored(state)
        case .step(let level, let section, let argument):
            return stepTransitions(state, level, section, argument)
        }
    }

    private static let eof = T(token: .eof, closeTo: .gherkinDocument, next: .finished)

    private static func ignored(_ state: ParserState) -> [T] {
        [T(token: .comment, next: state), T(token: .empty, next: state)]
    }

    private static func container(_ level: ParserState.Level) -> RuleType {
        level == .feature ? .feature : .rule
    }

    /// `Tags! := #TagLine+` followed by the line the tags belong to.
    private static func tagsThen(
        _ line: TokenType, closeTo: RuleType, open: [RuleType], next: ParserState, _ state: ParserState
    ) -> [T] {
        [T(token: .tagLine, next: state), T(token: line, closeTo: closeTo, open: open, next: next)] + ignored(state)
    }

    /// A header (`DescriptionHelper` then `body`): the header state accepts empty lines
    /// and opens the description; the description state continues it.
    private static func described(
        _ state: ParserState, _ level: ParserState.Level, description: ParserState, body: [T]
    ) -> [T] {
        if state == description {
            return [eof, T(token: .comment, next: state)] + body + [T(token: .other, next: state)]
        }
        return [
            eof,
            T(token: .empty, next: state),
            T(token: .comment, open: [.description], next: description),
        ] + body + [T(token: .other, open: [.description], next: description)]
    }

    /// What may follow the background or scenarios at a level: another scenario
    /// (tagged or not) or a rule (tagged or not). Tag lines come before title lines.
    private static func tail(_ level: ParserState.Level) -> (tags: [T], lines: [T], all: [T]) {
        let own = container(level)
        let tags = [
            T(
                token: .tagLine, lookahead: .scenario, closeTo: own, open: [.scenarioDefinition, .tags],
                next: .scenarioTags(level)),
            T(token: .tagLine, closeTo: .feature, open: [.rule, .ruleHeader, .tags], next: .ruleTags),
        ]
        let lines = [
            T(token: .scenarioLine, closeTo: own, open: [.scenarioDefinition, .scenario], next: .scenario(level)),
            T(token: .ruleLine, closeTo: .feature, open: [.rule, .ruleHeader], next: .header(.rule)),
        ]
        return (tags, lines, tags + lines)
    }

    /// What may follow an examples block's start: another examples block, then the tail.
    private static func afterExamples(_ level: ParserState.Level) -> [T] {
        let tail = tail(level)
        return [
            T(
                token: .tagLine, lookahead: .examples, closeTo: .scenario, open: [.examplesDefinition, .tags],
                next: .examplesTags(level))
        ]
            + tail.tags
            + [
                T(
                    token: .examplesLine, closeTo: .scenario, open: [.examplesDefinition, .examples],
                    next: .examples(level))
            ]
            + tail.lines
    }

    /// What may follow a step of a section (or the section's header).
    private static func afterStep(_ level: ParserState.Level, _ section: ParserState.Section) -> [T] {
        switch section {
        case .background:
            let step = T(token: .stepLine, closeTo: .background, open: [.step], next: .step(level, .background, .none))
            return [step] + tail(level).all
        case .scenario:
            let step = T(token: .stepLine, closeTo: .scenario, open: [.step], next: .step(level, .scenario, .none))
            return [step] + afterExamples(level)
        }
    }

    private static func stepTransitions(
        _ state: ParserState, _ level: ParserState.Level, _ section: ParserState.Section,
        _ argument: ParserState.Argument
    ) -> [T] {
        func at(_ next: ParserState.Argument) -> ParserState { .step(level, section, next) }
        let after = afterStep(level, section)
        switch argument {
        case .none:
            return [
                eof,
                T(token: .tableRow, open: [.dataTable], next: at(.table)),
                T(token: .docStringSeparator, open: [.docString], next: at(.docOpen)),
            ] + after + ignored(state)
        case .table:
            return [
                eof,
                T(token: .tableRow, next: state),
                T(token: .docStringSeparator, closeTo: .step, open: [.docString], next: at(.tableDocOpen)),
            ] + after + ignored(state)
        case .tableDocOpen:
            return [T(token: .docStringSeparator, next: at(.tableDocClosed)), T(token: .other, next: state)]
        case .docOpen:
            return [T(token: .docStringSeparator, next: at(.docClosed)), T(token: .other, next: state)]
        case .tableDocClosed:
            return [eof] + after + ignored(state)
        case .docClosed:
            return [eof, T(token: .tableRow, closeTo: .step, open: [.dataTable], next: at(.docTable))] + after
                + ignored(state)
        case .docTable:
            return [eof, T(token: .tableRow, next: state)] + after + ignored(state)
        }
    }
}
