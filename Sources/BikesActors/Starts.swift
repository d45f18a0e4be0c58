import BikeShare

/// Start order in the era of async/await (`bikes-actors starts`): two
/// tasks, or two children, or two hops to one actor, started one after the
/// other.
extension ActorsEra {
  /// An actor whose one method runs what it is given: the hop to an actor.
  actor Desk {
    func serve(_ work: StartWay.Work) { work() }
  }

  static let starts: [StartWay] =
    ([
      StartWay(
        "Task {} from nonisolated code",
        code: "Task { first() }; Task { second() }",
        .notOrdered,
        source: #""By default, the new task will be initially scheduled on the default global"#
          + #" concurrent executor." (SE-0304, "Unstructured tasks")"#,
        story: .racy
      ) { first, second in
        Task { first() }
        Task { second() }
      },
      StartWay(
        "Task {} on the main actor",
        code: "(on the main actor) Task { first() }; Task { second() }",
        .incidental,
        source: #"SE-0431 orders the start of tasks created with an actor's isolation "unless:"#
          + #" it is non-isolated or it comes from a closure expression that is only *implicitly*"#
          + #" isolated to an actor"; "This can currently only happen with `Task {}`.""#
          + #" (SE-0431, "Adoption in task-creation routines"); on Swift 6.3.1 both are"#
          + " enqueued directly on the main actor, as `@MainActor in` is; nothing promises it"
      ) { first, second in
        await MainActor.run {
          Task { first() }
          Task { second() }
        }
      },
      StartWay(
        "Task { @MainActor in }",
        code: "Task { @MainActor in first() }; Task { @MainActor in second() }",
        .promised,
        source: #""these two tasks are guaranteed to start executing on the main actor in the"#
          + #" order in which they were created" (SE-0431, "Adoption in task-creation routines")"#
      ) { first, second in
        Task { @MainActor in first() }
        Task { @MainActor in second() }
      },
      StartWay(
        "Task.detached",
        code: "Task.detached { first() }; Task.detached { second() }",
        .notOrdered,
        source: #"a detached task "does not inherit priority, task-local values, or the actor"#
          + #" context" (SE-0304, "Detached tasks"), and starts on the global concurrent executor"#
      ) { first, second in
        Task.detached { first() }
        Task.detached { second() }
      },
      immediateStart,
      StartWay(
        "priorities .low, then .high",
        code: "Task(priority: .low) { first() }; Task(priority: .high) { second() }",
        .notOrdered,
        source: #""Executors are not required to run jobs in the order they were submitted; in"#
          + #" fact, they should generally honor task priority over submission order." (SE-0304,"#
          + #" "Executors")"#
      ) { first, second in
        Task(priority: .low) { first() }
        Task(priority: .high) { second() }
      },
      StartWay(
        "a hop to an actor",
        code: "Task { await desk.serve(first) }; Task { await desk.serve(second) }",
        .notOrdered,
        source: #"the two tasks race to reach the actor: "Executors are not required to run jobs"#
          + #" in the order they were submitted" (SE-0304, "Executors"); and "tasks awaiting an"#
          + #" actor are not guaranteed to be run in the same order they originally awaited that"#
          + #" actor" (SE-0306, "Actor isolation")"#
      ) { first, second in
        let desk = Desk()
        Task { await desk.serve(first) }
        Task { await desk.serve(second) }
      },
      StartWay(
        "async let",
        code: "async let a: Void = first(); async let b: Void = second(); _ = await (a, b)",
        .notOrdered,
        source: #""The child task begins running as soon as the `async let` is encountered. By"#
          + #" default, child tasks use the global, width-limited, concurrent executor" (SE-0317)"#
      ) { first, second in
        async let a: Void = first()
        async let b: Void = second()
        _ = await (a, b)
      },
      StartWay(
        "a task group's children",
        code: "group.addTask { first() }; group.addTask { second() }",
        .notOrdered,
        source: #"child tasks "will run concurrently, and may make progress in any order""#
          + #" (SE-0304, "Task groups and child tasks")"#
      ) { first, second in
        await withTaskGroup(of: Void.self) { group in
          group.addTask { first() }
          group.addTask { second() }
        }
      },
      StartWay(
        "one task reading an AsyncStream",
        code: "continuation.yield(first); continuation.yield(second);"
          + " (one task) for await work in stream { work() }",
        .promised,
        source: #""An ordered, asynchronously generated sequence of elements." (SE-0314); one"#
          + " producer yields both (SE-0314 warns that yields from several concurrent contexts"
          + " could be delivered out of order)",
        story: .safe
      ) { first, second in
        let (stream, continuation) = AsyncStream.makeStream(of: StartWay.Work.self)
        Task {
          for await work in stream { work() }
        }
        continuation.yield(first)
        continuation.yield(second)
        continuation.finish()
      },
    ] as [StartWay?]).compactMap { $0 }

  /// `Task.immediate` (SE-0472) where the runtime has it (always on Linux
  /// with Swift 6.2 or later); before the 26 OSes there is no immediate
  /// task, and no row: plain calls in its place would say nothing of it.
  static var immediateStart: StartWay? {
    guard #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) else {
      return nil
    }
    return StartWay(
      "Task.immediate on the main actor",
      code: "(on the main actor) Task.immediate { first() }; Task.immediate { second() }",
      .promised,
      source: #"immediate tasks "use the calling execution context to run the task's"#
        + #" immediately, before yielding control back to the calling context upon encountering"#
        + #" the first suspension point inside the immediate task" (SE-0472, Swift 6.2)"#
    ) { first, second in
      await MainActor.run {
        Task.immediate { first() }
        Task.immediate { second() }
      }
    }
  }

}
