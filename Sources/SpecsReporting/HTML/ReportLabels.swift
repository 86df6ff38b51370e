/// The interface words of the HTML report, in English or Spanish.
struct ReportLabels: Sendable {
    let language: String
    let title, summary, coverage, scenarios, steps, duration, runAt, features, traceability: String
    let search, allTags, linkedTests, noLinks, attachments, logTimeline, unlinkedTests: String
    let scenario, test, component, testStatus, scenarioStatus, covered, notCovered, at: String
    let statusNames: [String: String]

    static let english = ReportLabels(
        language: "en", title: "Living documentation", summary: "Summary", coverage: "Scenario coverage",
        scenarios: "Scenarios", steps: "Steps", duration: "Duration", runAt: "Run on", features: "Features",
        traceability: "Traceability matrix", search: "Search scenarios, steps, tests…", allTags: "All tags",
        linkedTests: "Verified by", noLinks: "No linked test", attachments: "Attachments",
        logTimeline: "Log timeline", unlinkedTests: "Tests no scenario links",
        scenario: "Scenario", test: "XCTest", component: "Component", testStatus: "Test status",
        scenarioStatus: "Scenario status", covered: "covered", notCovered: "not covered", at: "at",
        statusNames: ["passed": "passed", "failed": "failed", "skipped": "skipped", "pending": "pending",
                      "undefined": "undefined", "ambiguous": "ambiguous", "unknown": "unknown", "missing": "missing",
                      "exists": "exists"])

    static let spanish = ReportLabels(
        language: "es", title: "Documentación viva", summary: "Resumen", coverage: "Cobertura de escenarios",
        scenarios: "Escenarios", steps: "Pasos", duration: "Duración", runAt: "Ejecutado el", features: "Características",
        traceability: "Matriz de trazabilidad", search: "Buscar escenarios, pasos, tests…", allTags: "Todas las etiquetas",
        linkedTests: "Verificado por", noLinks: "Sin test enlazado", attachments: "Adjuntos",
        logTimeline: "Línea temporal de logs", unlinkedTests: "Tests sin escenario",
        scenario: "Escenario", test: "Test XCTest", component: "Componente", testStatus: "Estado del test",
        scenarioStatus: "Estado del escenario", covered: "cubierto", notCovered: "sin cubrir", at: "en",
        statusNames: ["passed": "pasado", "failed": "fallido", "skipped": "omitido", "pending": "pendiente",
                      "undefined": "indefinido", "ambiguous": "ambiguo", "unknown": "desconocido", "missing": "no existe",
                      "exists": "existe"])

    static func forLanguage(_ code: String) -> ReportLabels { code.hasPrefix("es") ? spanish : english }

    func name(_ status: String) -> String { statusNames[status] ?? status }
}
