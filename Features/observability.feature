# language: es
@observabilidad
Característica: Observabilidad del login y del catálogo
  Cada operación deja un rastro estructurado: eventos con clave semántica
  <feature>.<operation>.started|succeeded|failed|cancelled, con los campos de
  contexto feature, layer, operation, traceId y outcome, un traceId por
  operación, el error semántico en lugar de la descripción cruda, y ningún dato
  personal. El dominio no sabe nada de esto: lo añaden decoradores.

  @xctest:LoggingProductRepositoryTests/test_logsStartedAndSucceededOnSuccess
  Escenario: La carga del catálogo registra su inicio y su éxito
    Dado un repositorio de productos que devuelve 3 productos
    Cuando se cargan los productos con observabilidad
    Entonces se registran los eventos:
      | mensaje                | nivel | outcome   |
      | catalog.load.started   | info  | started   |
      | catalog.load.succeeded | info  | succeeded |
    Y todos los eventos comparten el mismo traceId
    Y cada evento lleva los campos feature, layer, operation, traceId y outcome

  @xctest:LoggingProductRepositoryTests/test_logsFailedOnError
  Esquema del escenario: Un fallo de carga se registra con su error semántico
    Dado un repositorio de productos que falla con <error>
    Cuando se cargan los productos con observabilidad
    Entonces el último evento es "catalog.load.failed" con nivel "error"
    Y el evento registra el error "<error>"

    Ejemplos:
      | error        |
      | connectivity |
      | invalidData  |

  @xctest:LoggingProductRepositoryTests/test_loadAll_on_cancellation_logs_cancelled
  Escenario: Una carga cancelada registra la cancelación
    Dado un repositorio de productos que nunca responde
    Cuando se cancela la carga de productos con observabilidad
    Entonces el último evento es "catalog.load.cancelled" con nivel "warning"

  @xctest:LoggingLoginUseCaseTests/test_execute_never_logs_the_email
  Escenario: El login nunca registra el email en claro
    Dado un servidor de autenticación que rechaza las credenciales
    Cuando "persona.secreta@example.com" inicia sesión con observabilidad
    Entonces ningún evento contiene "persona.secreta"
    Y el último evento es "login.execute.failed" con nivel "error"
    Y el evento registra el error "invalidCredentials"

  @xctest:LoggingLoginUseCaseTests/test_execute_on_success_logs_started_and_succeeded
  Escenario: El rastro de un login exitoso en JSON lines
    Dado un servidor de autenticación que acepta las credenciales
    Cuando "user@example.com" inicia sesión con observabilidad
    Entonces el rastro en JSON lines es:
      """json
      {"context":{"feature":"Login","layer":"Application","operation":"execute","outcome":"started","traceId":"t-001"},"level":"info","message":"login.execute.started"}
      {"context":{"feature":"Login","layer":"Application","operation":"execute","outcome":"succeeded","traceId":"t-001"},"level":"info","message":"login.execute.succeeded"}
      """

  @xctest:LoggingLoginUseCaseTests/test_levelFilter_in_production_drops_info_events
  Esquema del escenario: El nivel mínimo depende del entorno
    Dado el entorno "<entorno>"
    Y un servidor de autenticación sin conexión
    Cuando "user@example.com" inicia sesión con observabilidad
    Entonces se registran <eventos> eventos

    Ejemplos:
      | entorno     | eventos |
      | development | 2       |
      | staging     | 2       |
      | production  | 1       |
