import Foundation
import Identity
import SpecsRunner

/// Steps of `Features/login.feature`, as written in the Login specification.
extension StepRegistry where World == SeedWorld {
    mutating func registerLoginSteps() {
        given("un usuario registrado con email {string}") { (world, email: String) in world.email = email }
        given("un usuario con email {string}") { (world, email: String) in world.email = email }
        given("un email con formato inválido {string}") { (world, email: String) in world.email = email }
        given("un email válido {string}") { (world, email: String) in world.email = email }
        given("un password válido {string}") { (world, password: String) in
            world.password = password
            await world.authServer.register(email: world.email, password: password)
        }
        given("un password incorrecto {string}") { (world, password: String) in
            world.password = password
            await world.authServer.register(email: world.email, password: "the-real-password")
        }
        given("un password {string}") { (world, password: String) in world.password = password }
        given("un password vacío {string}") { (world, password: String) in world.password = password }
        given("el dispositivo no tiene conexión a internet") { world in await world.authServer.set(.offline) }

        when("el usuario envía sus credenciales al sistema") { world in await world.submitLogin() }
        when("el usuario intenta hacer login") { world in await world.submitLogin() }

        then("el sistema valida el formato del email localmente( \\(pasa\\))") { world in
            try expect((try? Email(world.email)) != nil, "the email '\(world.email)' should be valid locally")
        }
        then("el sistema valida que el password no está vacío( \\(pasa\\))") { world in
            try expect(!world.password.isEmpty, "the password should not be empty")
        }
        then("el sistema envía las credenciales al servidor de autenticación") { world in
            let requests = await world.authServer.requests
            try expectEqual(requests.count, 1, "requests to the server")
            try expectEqual(requests.first?.path, "/auth/login", "request path")
            let body = (try? JSONSerialization.jsonObject(with: requests.first?.body ?? Data())) as? [String: String]
            try expectEqual(body?["email"], world.email, "email sent")
        }
        then("el sistema intenta enviar las credenciales al servidor") { world in
            try expectEqual(await world.authServer.requests.count, 1, "attempts to reach the server")
        }
        then("la conexión falla porque no hay internet") { world in
            try expectEqual(await world.authServer.transportFailures, 1, "transport failures")
        }
        then("el servidor responde con una sesión válida") { world in
            try expectEqual(await world.authServer.answers, [200], "server answers")
        }
        then("el servidor rechaza las credenciales") { world in
            try expectEqual(await world.authServer.answers, [401], "server answers")
        }
        then("el sistema devuelve la sesión al llamante") { world in
            try expect(world.session != nil, "expected a session, got \(String(describing: world.loginResult))")
        }
        then("la sesión contiene un token de acceso") { world in
            try expect(!(world.session?.accessToken.isEmpty ?? true), "the session should carry an access token")
        }
        then("la sesión contiene el email del usuario autenticado") { world in
            try expectEqual(world.session?.email.value, world.email, "session email")
        }
        then("el sistema devuelve un error de tipo {word}") { (world, expected: String) in
            let actual =
                world.loginError.map(LoginErrorName.of) ?? "no error (\(String(describing: world.loginResult)))"
            try expectEqual(actual, expected, "error type")
        }
        then("el sistema detecta que el email no tiene formato válido") { world in
            try expect(
                world.loginError as? Email.ValidationError == .invalidFormat,
                "expected Email.ValidationError.invalidFormat, got \(String(describing: world.loginError))")
        }
        then("el sistema detecta que el password está vacío") { world in
            try expect(
                world.loginError as? Password.ValidationError == .empty,
                "expected Password.ValidationError.empty, got \(String(describing: world.loginError))")
        }
        then("NO se envía ninguna petición al servidor") { world in
            try expectEqual(await world.authServer.requests.count, 0, "requests to the server")
        }
        then("no se crea ninguna sesión") { world in
            try expect(world.session == nil, "expected no session, got \(String(describing: world.session))")
        }

        // Cancellation
        given("un usuario con credenciales válidas") { world in
            world.email = "user@example.com"
            world.password = "Str0ngP@ss"
            await world.authServer.register(email: world.email, password: world.password)
        }
        given("el sistema ha enviado las credenciales al servidor") { world in
            await world.authServer.set(.holding)
            let login = world.login
            let (email, password) = (world.email, world.password)
            world.pendingLogin = Task { try await login.execute(email: email, password: password) }
            var waited = 0
            while await world.authServer.requests.isEmpty, waited < 2_000 {
                try await Task.sleep(nanoseconds: 1_000_000)
                waited += 1
            }
            try expectEqual(await world.authServer.requests.count, 1, "requests in flight")
        }
        given("la respuesta del servidor todavía no ha llegado") { world in
            try expectEqual(await world.authServer.answers.count, 0, "answers received")
        }
        when("el usuario cancela la operación de login") { world in
            world.pendingLogin?.cancel()
            if let result = await world.pendingLogin?.result {
                world.loginResult = result
            }
        }
        then("el sistema cancela la petición de red en curso") { world in
            try expectEqual(await world.authServer.cancelledRequests, 1, "cancelled requests")
        }
        then("no se devuelve ningún resultado \\(ni éxito ni error)") { world in
            try expect(
                world.loginError is CancellationError,
                "expected no result (cancelled), got \(String(describing: world.loginResult))")
        }
    }
}

/// The error names the specification uses.
enum LoginErrorName {
    static func of(_ error: any Error) -> String {
        switch error {
        case AuthError.invalidCredentials: "InvalidCredentials"
        case AuthError.connectivity: "Connectivity"
        case Email.ValidationError.invalidFormat: "InvalidEmail"
        case Password.ValidationError.empty: "EmptyPassword"
        case is CancellationError: "Cancelled"
        default: String(describing: error)
        }
    }
}
