/// The interface words of the HTML report, in English or Spanish: one small table, with
/// status names as headings (`Passed 6`, `Pasados 6`) so that counts need no agreement.
struct ReportLabels: Sendable {
    let language: String
    let title, coverage, scenarios, steps, duration, runAt, contents, needsAttention, nothingNeedsAttention: String
    let search, allTags, allStatuses, linkedTests, noLinks, attachments, logTimeline, unlinkedTests: String
    let scenario, test, component, testStatus, scenarioStatus, covered, notCovered, at, examples, result: String
    let forDevelopers, notAutomated, developerDetail, traceability, specificationOnly, afterScenario: String
    let trend, passRate, history, new, newlyFailing, fixed, flaky, line: String
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
        line: "line",
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
        flaky: "inestable", line: "línea",
        statusNames: [
            "passed": "Pasados", "failed": "Fallidos", "skipped": "Omitidos", "pending": "Pendientes",
            "undefined": "Sin automatizar", "ambiguous": "Ambiguos", "unknown": "Sin terminar",
            "not-run": "Sin ejecutar",
            "missing": "No existe", "exists": "Sin resultado",
        ])

    static func forLanguage(_ code: String) -> ReportLabels { code.hasPrefix("es") ? spanish : english }

    func name(_ status: String) -> String { statusNames[status] ?? status }

    /// The one sentence that says how the product stands.
    func verdict(total: Int, attention: Int, unverified: Int, dryRun: Bool) -> String {
        switch (language, dryRun) {
        case ("es", true): return "Especificación de \(total) escenario\(total == 1 ? "" : "s"), sin ejecutar."
        case (_, true): return "Specification of \(total) scenario\(total == 1 ? "" : "s"), not run."
        case ("es", false) where total == 0: return "No se ejecutó ningún escenario."
        case (_, false) where total == 0: return "No scenario was run."
        case ("es", false) where attention == 0 && unverified == 0:
            return "Los \(total) escenarios pasan y cada uno está verificado por un test que pasa."
        case (_, false) where attention == 0 && unverified == 0:
            return "All \(total) scenarios pass, and each is verified by a passing test."
        case ("es", false):
            var parts: [String] = []
            if attention > 0 { parts.append("\(attention) no pasa\(attention == 1 ? "" : "n")") }
            if unverified > 0 { parts.append("\(unverified) sin un test que pase") }
            return "De \(total) escenarios, " + parts.joined(separator: " y ") + "."
        default:
            var parts: [String] = []
            if attention > 0 { parts.append("\(attention) do\(attention == 1 ? "es" : "") not pass") }
            if unverified > 0 {
                parts.append("\(unverified) \(unverified == 1 ? "is" : "are") not verified by a passing test")
            }
            return "Of \(total) scenarios, " + parts.joined(separator: " and ") + "."
        }
    }
}
