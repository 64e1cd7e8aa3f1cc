// reckon-sdk-flow BASE_URL USERNAME PASSWORD: signs up, signs in, makes a household, adds a bill split equally and
// reads the balances, all through the generated SDK; exits 1, saying why, at the first answer that is not the one
// expected. tests/python/http/test_swift_sdk.py runs it against a live stack and checks what it wrote.
import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession
import ReckonSDK

/// Sends `Authorization: Bearer TOKEN` with every request.
struct BearerToken: ClientMiddleware {
    let token: String

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        return try await next(request, body, baseURL)
    }
}

/// An answer that was not the one the flow expects.
struct Unexpected: Error, CustomStringConvertible {
    let description: String
}

func expect(_ condition: Bool, _ what: @autoclosure () -> String) throws {
    if !condition { throw Unexpected(description: what()) }
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let server = URL(string: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: reckon-sdk-flow BASE_URL USERNAME PASSWORD\n".utf8))
    exit(64)
}
let (username, password) = (arguments[2], arguments[3])

do {
    let open = Client(serverURL: server, transport: URLSessionTransport())
    let user = try await open.ledger_auth_signup(body: .json(.init(password: password, username: username))).ok.body
        .json
    try expect(user.username == username, "signed up as \(user.username), not \(username)")
    let session = try await open.ledger_auth_login(body: .json(.init(password: password, username: username))).ok
        .body.json
    let member = Client(
        serverURL: server,
        transport: URLSessionTransport(),
        middlewares: [BearerToken(token: session.token)]
    )
    let home = try await member.ledger_household_create(body: .json(.init(name: "Flat 3"))).ok.body.json
    let bill = try await member.ledger_bills_add(
        headers: .init(Idempotency_hyphen_Key: UUID().uuidString),
        body: .json(
            .init(
                amount: "84.30",
                description: "Groceries",
                householdId: home.householdId,
                paidBy: user.userId,
                split: Components.Schemas.Split(kind: .equal)
            )
        )
    ).ok.body.json
    try expect(bill.amount == "84.30" && bill.split.kind == .equal, "the bill came back as \(bill)")
    let balances = try await member.ledger_balances_get(query: .init(householdId: home.householdId)).ok.body.json
    let nets = balances.members.map { "\($0.userId)=\($0.net)" }
    try expect(nets == ["\(user.userId)=0.00"], "balances \(nets)")
    print("household \(home.householdId) bill \(bill.billId) balances \(nets.joined(separator: ","))")
} catch {
    FileHandle.standardError.write(Data("reckon-sdk-flow: \(error)\n".utf8))
    exit(1)
}
