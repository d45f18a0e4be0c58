import BikeShare

/// The order story's shapes for `bikes-actors explore --scheduler jobs
/// --story order`: the app's task asks for each rider in turn and sends
/// each request one way, every job on the explorer's executor; the
/// explorer answers "can a later request reach Rossio first?" over every
/// order of the runtime's jobs.
///
/// A plain `Task {}` made inside the app's task is not among them: SE-0417's
/// executor preference is "*not* inherited by un-structured tasks", so its
/// jobs go to the global executor, where the explorer cannot order them.
/// `Task(executorPreference:)` stands in for it.
extension ActorsEra {
  static func orderShapes() -> [JobShape] {
    [
      order("racy: Task(executorPreference:) each", isFix: false) { executor, riders, request in
        for rider in riders {
          Task(executorPreference: executor) { await request(rider) }
        }
      },
      order("racy: async let each", isFix: false) { _, riders, request in
        await eachByAsyncLet(riders[...], request)
      },
      order("racy: a task group's children", isFix: false) { _, riders, request in
        await withTaskGroup(of: Void.self) { group in
          for rider in riders { group.addTask { await request(rider) } }
        }
      },
      order("safe: one task reading an AsyncStream", isFix: true) { executor, riders, request in
        let (line, sender) = AsyncStream.makeStream(of: Int.self)
        Task(executorPreference: executor) {
          for await rider in line { await request(rider) }
        }
        for rider in riders { sender.yield(rider) }
        sender.finish()
      },
    ]
  }

  /// `async let` for each rider, the first made first.
  private static func eachByAsyncLet(
    _ riders: ArraySlice<Int>, _ request: @escaping @Sendable (Int) async -> Void
  ) async {
    guard let first = riders.first else { return }
    async let sent: Void = request(first)
    await eachByAsyncLet(riders.dropFirst(), request)
    await sent
  }

  /// A shape whose app task, on the explorer's executor, sends the
  /// requests with `send`; each request takes the bike at Rossio, an actor,
  /// or is turned away, and the ending is the story's.
  private static func order(
    _ name: String, isFix: Bool,
    send:
      @escaping @Sendable (
        ControlledExecutor, [Int], @escaping @Sendable (Int) async -> Void
      ) async -> Void
  ) -> JobShape {
    JobShape(name, isFix: isFix) { executor, options in
      let plot = options.story.plot
      let record = plot.stations[0]
      let audit = StationAudit(record)
      let rossio = Station(record, audit: audit)
      let log = EventLog(.memory)
      let riders = options.riderIndices
      let request: @Sendable (Int) async -> Void = { rider in
        let now = await rossio.takeBike()
        log.record(
          now.map { .tookBike(rider: rider, station: record.name, now: $0) }
            ?? .foundNoBike(rider: rider, station: record.name))
      }
      // The app asks in the riders' order; the ending needs only that order.
      for rider in riders { log.record(.asked(rider: rider, station: record.name)) }
      Task(executorPreference: executor) { await send(executor, riders, request) }
      return {
        let took = log.events.contains { if case .tookBike = $0 { true } else { false } }
        let end =
          took
          ? StationCounts(freeBikes: record.freeBikes - 1, emptySlots: record.emptySlots + 1)
          : record.counts
        return plot.result(
          ends: [end], audits: [audit], events: log.events, stuck: nil, finished: true)
      }
    }
  }
}
