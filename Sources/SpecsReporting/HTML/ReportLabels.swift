import Messages
import SpecsRunner

/// The interface words of the HTML report, in English or Spanish: one small table, with
/// status names as headings (`Passed 6`, `Pasados 6`) so that counts need no agreement.
struct ReportLabels: Sendable {
    let language: String
    let title, coverage, scenarios, steps, duration, runAt, contents, needsAttention, nothingNeedsAttention: String
    let search, allTags, allStatuses, linkedTests, noLinks, attachments, logTimeline, unlinkedTests: String
    let scenario, test, component, testStatus, scenarioStatus, covered, notCovered, at, examples, result: String
    let forDevelopers, notAutomated, developerDetail, traceability, specificationOnly, afterScenario: String
    let trend, passRate, history, new, newlyFailing, fixed, flaky, line: String
    /// The mark of a scenario that passed only on a retry, before the retry's number.
    let passedOnRetry: String
    /// Above what before-scenario hooks attached.
    let beforeScenario: String
    /// Headings of what run hooks attached or printed, before and after the scenarios.
    let beforeRun, afterRun: String
    /// Status names as headings and badges.
    let statusNames: [String: String]

    static let english = ReportLabels(
        language: "en", title: "Living documentation", coverage: "Verified by a passing test", scenarios: "Scenarios",
        steps: "Steps", duration: "Duration", runAt: "Run on", contents: "Contents", needsAttention: "Needs attention",
        nothingNeedsAttention: "Nothing needs attention.", search: "Search scenarios, steps, tests",
        allTags: "All tags",
        allStatuses: "Show", linkedTests: "Verified by", noLinks: "No linked test", attachments: "Attachments",
        logTimeline: "Log events by traceId", unlinkedTests: "Tests that no scenario links",
        scenario: "Scenario", test: "Test", component: "Component", testStatus: "Test result",
        scenarioStatus: "Scenario result", covered: "verified", notCovered: "not verified", at: "at",
        examples: "Examples",
        result: "Result", forDevelopers: "For developers", notAutomated: "This step is not automated yet.",
        developerDetail: "Developer detail: traceability matrix and unlinked tests",
        traceability: "Traceability matrix",
        specificationOnly: "Specification (not run)", afterScenario: "After the scenario",
        trend: "Trend of the last runs",
        passRate: "pass rate", history: "History", new: "new", newlyFailing: "newly failing", fixed: "fixed",
        flaky: "flaky",
        line: "line", passedOnRetry: "passed on retry",
        beforeScenario: "Before the scenario", beforeRun: "Before the run", afterRun: "After the run",
        statusNames: [
            "passed": "Passed", "failed": "Failed", "skipped": "Skipped", "pending": "Pending",
            "undefined": "Not automated", "ambiguous": "Ambiguous", "unknown": "Not finished", "not-run": "Not run",
            "missing": "Missing", "exists": "No result",
        ])

    static let spanish = ReportLabels(
        language: "es", title: "Documentación viva", coverage: "Verificados por un test que pasa",
        scenarios: "Escenarios",
        steps: "Pasos", duration: "Duración", runAt: "Ejecutado el", contents: "Índice",
        needsAttention: "Requiere atención",
        nothingNeedsAttention: "Nada requiere atención.", search: "Buscar escenarios, pasos, tests",
        allTags: "Todas las etiquetas",
        allStatuses: "Mostrar", linkedTests: "Verificado por", noLinks: "Sin test enlazado", attachments: "Adjuntos",
        logTimeline: "Eventos de log por traceId", unlinkedTests: "Tests que ningún escenario enlaza",
        scenario: "Escenario", test: "Test", component: "Componente", testStatus: "Resultado del test",
        scenarioStatus: "Resultado del escenario", covered: "verificado", notCovered: "sin verificar", at: "en",
        examples: "Ejemplos",
        result: "Resultado", forDevelopers: "Para desarrolladores", notAutomated: "Este paso aún no está automatizado.",
        developerDetail: "Detalle para desarrolladores: matriz de trazabilidad y tests sin enlazar",
        traceability: "Matriz de trazabilidad",
        specificationOnly: "Especificación (sin ejecutar)", afterScenario: "Tras el escenario",
        trend: "Tendencia de las últimas ejecuciones",
        passRate: "escenarios que pasan", history: "Historial", new: "nuevo", newlyFailing: "falla desde ahora",
        fixed: "corregido",
        flaky: "inestable", line: "línea", passedOnRetry: "pasó en el reintento",
        beforeScenario: "Antes del escenario", beforeRun: "Antes de la ejecución", afterRun: "Tras la ejecución",
        statusNames: [
            "passed": "Pasados", "failed": "Fallidos", "skipped": "Omitidos", "pending": "Pendientes",
            "undefined": "Sin automatizar", "ambiguous": "Ambiguos", "unknown": "Sin terminar",
            "not-run": "Sin ejecutar",
            "missing": "No existe", "exists": "Sin resultado",
        ])

    static func forLanguage(_ code: String) -> ReportLabels { code.hasPrefix("es") ? spanish : english }

    func name(_ status: String) -> String { statusNames[status] ?? status }

    /// The one sentence that says how the product stands: ready, or not ready and why, read
    /// from the run's verdict (its problems, in its order: the scenarios that do not pass as
    /// one reason, every other problem in its own words), then the missing evidence.
    func verdict(total: Int, verdict: RunVerdict, unverified: Int, dryRun: Bool, resultsKnown: Bool = true) -> String {
        let spanish = language == "es"
        func scenarios(_ count: Int) -> String {
            spanish ? "\(count) escenario\(count == 1 ? "" : "s")" : "\(count) scenario\(count == 1 ? "" : "s")"
        }
        if dryRun {
            return spanish
                ? "Especificación de \(scenarios(total)), sin ejecutar."
                : "Specification of \(scenarios(total)), not run."
        }
        if total == 0 && verdict.passed {
            // Only a shard whose share is none passes with no scenario (more shards than scenarios).
            return spanish
                ? "Este fragmento no tiene ningún escenario (más fragmentos que escenarios): decide la unión de los fragmentos."
                : "This shard holds no scenario (more shards than scenarios): the merge of the shards decides."
        }
        if verdict.passed && unverified == 0 {
            if total == 1 {
                return spanish
                    ? "Listo: el escenario pasa y está verificado por un test que pasa."
                    : "Ready: the scenario passes, and it is verified by a passing test."
            }
            return spanish
                ? "Listo: los \(total) escenarios pasan y cada uno está verificado por un test que pasa."
                : "Ready: all \(scenarios(total)) pass, and each is verified by a passing test."
        }
        var reasons: [String] = []
        var attention = 0
        for problem in verdict.problems {
            guard case .scenarios(_, let count) = problem else { continue }
            attention += count
        }
        if attention > 0 {
            reasons.append(
                spanish
                    ? "\(attention) de \(total) no pasa\(attention == 1 ? "" : "n")"
                    : "\(attention) of \(scenarios(total)) do\(attention == 1 ? "es" : "") not pass")
        }
        for problem in verdict.problems {
            if case .scenarios = problem { continue }
            reasons.append(VerdictText.sentence(problem))
        }
        if verdict.passed {
            // The run passed (its exit code says so): only the evidence is missing.
            reasons.append(
                spanish
                    ? (total == 1 ? "el escenario pasa" : "los \(total) escenarios pasan")
                    : (total == 1 ? "the scenario passes" : "all \(scenarios(total)) pass"))
        }
        if unverified > 0 {
            if !resultsKnown {
                reasons.append(
                    spanish
                        ? "no se dieron resultados de tests (--xunit), así que ninguno consta como verificado"
                        : "no test results were given (--xunit), so none is shown verified by a passing test")
            } else {
                reasons.append(
                    spanish
                        ? "\(unverified) no \(unverified == 1 ? "está verificado" : "están verificados") por un test que pase"
                        : "\(unverified) \(unverified == 1 ? "is" : "are") not verified by a passing test")
            }
        }
        return (spanish ? "No está listo: " : "Not ready: ") + reasons.joined(separator: "; ") + "."
    }

    /// The fold under a long failure message.
    func moreLines(_ count: Int) -> String {
        language == "es"
            ? "\(count) línea\(count == 1 ? "" : "s") más del mensaje"
            : "\(count) more line\(count == 1 ? "" : "s") of the message"
    }

    var definedAt: String { language == "es" ? "Definición del paso en" : "Step definition at" }

    /// A feature's verified scenarios in the contents: `2 of 3 verified`.
    func verifiedOf(_ verified: Int, _ total: Int) -> String {
        language == "es" ? "\(verified) de \(total) verificados" : "\(verified) of \(total) verified"
    }

    /// The button under the first lines of a long list of what needs attention.
    var showAll: String { language == "es" ? "Mostrar los {n}" : "Show all {n}" }

    /// How many scenarios a search or filter shows: `{n}` of `{m}`, filled in by the page's script.
    var shownOf: String {
        language == "es" ? "{n} de {m} escenarios a la vista" : "{n} of {m} scenarios shown"
    }

    /// Said to a reader whose browser runs no scripts.
    var needsScripts: String {
        language == "es"
            ? "Los capítulos y la lista de lo que requiere atención se muestran con scripts activados; el veredicto y el índice de arriba están completos."
            : "The chapters and the list of what needs attention are shown with scripts on; the verdict and the contents above are complete."
    }

    /// The words the page's script writes, as JSON (`ChapterJSON`).
    var scriptJSON: String {
        let statuses = statusNames.keys.sorted().map { "\"\($0)\":\(ChapterJSON.text(statusNames[$0] ?? $0))" }
        return ChapterJSON.object([
            ("status", "{" + statuses.joined(separator: ",") + "}"), ("covered", ChapterJSON.text(covered)),
            ("notCovered", ChapterJSON.text(notCovered)), ("line", ChapterJSON.text(line)),
            ("showAll", ChapterJSON.text(showAll)),
            ("shown", ChapterJSON.text(shownOf)),
        ])
    }

    /// A folder's count of features in the contents: `12 features`.
    func features(_ count: Int) -> String {
        language == "es"
            ? "\(count) funcionalidad\(count == 1 ? "" : "es")" : "\(count) feature\(count == 1 ? "" : "s")"
    }

    var trendDate: String { language == "es" ? "Fecha" : "Date" }
    var eachRun: String { language == "es" ? "las cifras de cada ejecución" : "each run's figures" }

    /// What a filtered or sharded report shows and leaves out; nil for a whole, unfiltered run.
    func scope(of runs: [RunMetadata]) -> String? {
        guard let first = runs.first else { return nil }
        let spanish = language == "es"
        var parts: [String] = []
        let shards = first.shards
        if shards > 1 {
            let present = Set(runs.filter { $0.shards == shards }.map(\.shard))
            let planned = runs.filter { $0.shards == shards }.reduce(0) { $0 + $1.planned }
            if present.count == shards {
                parts.append(
                    spanish
                        ? "Unión de las \(shards) partes de la ejecución: los \(first.selected) escenarios"
                        : "Merged from all \(shards) shards of the run: its \(first.selected) scenarios")
            } else {
                let which = present.sorted().map(String.init).joined(separator: ", ")
                parts.append(
                    spanish
                        ? "Parte \(which) de \(shards): \(planned) de los \(first.selected) escenarios; las demás partes no están en este informe"
                        : "Shard \(which) of \(shards): \(planned) of the run's \(first.selected) scenarios; the other shards are not in this report"
                )
            }
        }
        if let filter = first.filter {
            let loaded = first.loaded ?? first.selected
            let left = max(0, loaded - first.selected)
            parts.append(
                spanish
                    ? "Seleccionados con \(filter): \(first.selected) de los \(loaded) escenarios de los ficheros leídos; \(left) quedan fuera"
                    : "Selected with \(filter): \(first.selected) of the \(loaded) scenarios in the files read; \(left) left out"
            )
        }
        return parts.isEmpty ? nil : parts.joined(separator: ". ") + "."
    }
}
