import Clocks
import HTTPMessages
import HTTPTypes
import JSON
import Registry

/// `GET /v1/changes`: the change log as Server-Sent Events (`Accept: text/event-stream`) or as a JSON long-poll.
///
/// - Stream: `id:` the cursor, `event:` the kind (`command`, `state`, `device`, `user`; `snapshot` first with
///   `?snapshot=true`), `data:` one JSON object (``ChangeEvent``); a comment line every heartbeat interval. It
///   resumes after `Last-Event-ID` or `?after=`, with no gap and no duplicate; without either it starts at the
///   latest change. The response holds no listener thread (``ResponseStream``); a consumer that stops reading is cut
///   off when ``streamCapacity`` bytes wait for it, and resumes with `Last-Event-ID`.
/// - Long-poll: `{"changes": [...], "next": C}` with the changes after `?after=` (at most `?limit=`); with none yet
///   and `?wait=S`, the answer waits up to S seconds for one (as a ``DeferredResponse``: no listener thread waits).
/// - A cursor the log no longer holds (older than `changes.retentionHours`) answers 410: take a snapshot
///   (`?snapshot=true`) and resume from its cursor.
///
/// Filters: `?user=ID` (repeatable) and `?types=command,state`. Authentication is the caller's: the `/v1` router
/// hands this responder only requests with a valid API key.
public struct ChangesResponder: HTTPResponder {
    /// Unsent bytes one stream may hold before it is cut off.
    public let streamCapacity: Int
    private let feed: ChangeFeed

    /// - Parameters:
    ///   - store: The change log.
    ///   - clock: Runs heartbeats and long-poll timeouts.
    ///   - heartbeatInterval: How often open streams get a comment line (15 s).
    ///   - streamCapacity: Unsent bytes one stream may hold before it is cut off (1 MiB).
    public init(
        store: any ChangeStore,
        clock: any HearthClock,
        heartbeatInterval: Duration = .seconds(15),
        streamCapacity: Int = 1 << 20
    ) {
        self.streamCapacity = streamCapacity
        let feed = ChangeFeed(store: store, clock: clock, heartbeatInterval: heartbeatInterval)
        store.observeChanges { [weak feed] in feed?.signal() }
        self.feed = feed
    }

    /// Sets (or with `nil` removes) the function called, on whatever thread made the change, after the number of
    /// open streams or waiting long-polls changed: tests await these states instead of polling for them.
    public func observeCounts(_ observer: (@Sendable () -> Void)?) {
        feed.observeCounts(observer)
    }

    /// The number of open streams (for tests and health).
    public var openStreamCount: Int { feed.subscriberCount }

    /// The number of long-polls waiting for a change.
    public var waitingPollCount: Int { feed.waiterCount }

    public func respond(to request: Request) -> Response {
        guard request.method == .get else {
            return Self.error(.methodNotAllowed, "methodNotAllowed", "use GET", headerFields: [.allow: "GET"])
        }
        let query: ChangesQuery
        do {
            query = try ChangesQuery.parse(request)
        } catch {
            return Self.error(
                .badRequest,
                error.code,
                error.message,
                details: [(path: error.parameter, message: error.message)]
            )
        }
        let bounds: ChangeBounds
        do {
            bounds = try feed.store.changeBounds()
        } catch {
            return Self.unavailable
        }
        if !query.snapshot, let after = query.after, !bounds.canResume(after: after) {
            return Self.gone(after, bounds: bounds)
        }
        let accept = request.headerFields[.accept] ?? ""
        if accept.lowercased().contains("text/event-stream") {
            return stream(query, from: query.after ?? bounds.latest)
        }
        return poll(query, from: query.after ?? bounds.latest)
    }

    private func stream(_ query: ChangesQuery, from cursor: Int64) -> Response {
        let stream = ResponseStream(capacity: streamCapacity)
        stream.write(Array(": hearth change stream\n\n".utf8))
        feed.subscribe(stream, after: cursor, snapshot: query.snapshot, users: query.users, kinds: query.kinds)
        return .stream(
            stream,
            headerFields: [.contentType: "text/event-stream", .cacheControl: "no-cache"]
        )
    }

    private func poll(_ query: ChangesQuery, from cursor: Int64) -> Response {
        do {
            if query.snapshot {
                let snapshot = try feed.store.changeSnapshot(users: query.users)
                var page = Self.pageObject([], after: snapshot.cursor)
                page.append(
                    "snapshot",
                    .array(snapshot.users.map { .object(ChangeEvent.snapshotObject($0, cursor: snapshot.cursor)) })
                )
                return Self.json(.ok, page)
            }
            let changes = try feed.store.changes(
                after: cursor,
                limit: query.limit,
                users: query.users,
                kinds: query.kinds
            )
            guard changes.isEmpty, query.waitSeconds > 0 else {
                return Self.page(changes, after: cursor)
            }
        } catch {
            return Self.unavailable
        }
        let answer = DeferredResponse()
        feed.wait(
            answer,
            after: cursor,
            users: query.users,
            kinds: query.kinds,
            limit: query.limit,
            for: .seconds(query.waitSeconds)
        )
        return .deferred(answer, ifAbandoned: Self.page([], after: cursor))
    }

    // MARK: - Answers

    /// `{"changes": [...], "next": C}`: `next` is the last cursor given, or `after` when there is none.
    static func page(_ changes: [StoredChange], after: Int64) -> Response {
        json(.ok, pageObject(changes, after: after))
    }

    private static func pageObject(_ changes: [StoredChange], after: Int64) -> JSONObject {
        JSONObject([
            ("changes", .array(changes.map { .object(ChangeEvent.object($0)) })),
            ("next", .int(Int(changes.last?.cursor ?? after))),
        ])
    }

    private static func gone(_ cursor: Int64, bounds: ChangeBounds) -> Response {
        let message =
            cursor > bounds.latestCommitted
            ? "cursor \(cursor) is ahead of the change log (latest \(bounds.latestCommitted)): "
                + "it is not from this Hearth; "
                + "take a snapshot with GET /v1/changes?snapshot=true and follow on from its cursor"
            : "the change log no longer holds the changes after cursor \(cursor) (kept: changes.retentionHours); "
                + "take a snapshot with GET /v1/changes?snapshot=true and follow on from its cursor"
        return error(.gone, "cursorExpired", message)
    }

    private static func json(_ status: HTTPResponse.Status, _ object: JSONObject) -> Response {
        Response(
            status: status,
            headerFields: [.contentType: "application/json", .cacheControl: "no-store"],
            body: JSONWriter.bytes(.object(object))
        )
    }

    /// The `/v1` error shape: `{"error": code, "message": …, "details": [{"path", "message"}]?}`.
    /// 503 while the change log cannot be read (the database restarts or fails over), in the API's error shape.
    private static var unavailable: Response {
        APIError(.unavailable, "the change log cannot be read now; try again").response
    }

    private static func error(
        _ status: HTTPResponse.Status,
        _ code: String,
        _ message: String,
        details: [(path: String, message: String)] = [],
        headerFields: HTTPFields = [:]
    ) -> Response {
        var object = JSONObject([("error", .string(code)), ("message", .string(message))])
        if !details.isEmpty {
            object.append(
                "details",
                .array(
                    details.map { .object(JSONObject([("path", .string($0.path)), ("message", .string($0.message))])) }
                )
            )
        }
        var response = json(status, object)
        for field in headerFields { response.headerFields.append(field) }
        return response
    }
}
