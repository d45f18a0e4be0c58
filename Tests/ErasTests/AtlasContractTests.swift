import BikeShare
import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `explore --format html` in every era and story: the page carries what
/// the explorer found, every step it shows is what the era logged when the
/// schedule was played, and no text from outside can change the page.
@Suite(.timeLimit(.minutes(3))) struct AtlasContractTests {
  /// A leaf of the tree, with the path that leads to it.
  struct Leaf {
    let steps: [String]
    let lines: [String]
    let outcome: Int?
    let schedule: String?
  }

  static func leaves(_ node: Atlas.Node, steps: [String] = [], lines: [String] = []) -> [Leaf] {
    let steps = node.rider < 0 ? steps : steps + [node.step]
    let lines = lines + node.lines
    var found: [Leaf] = []
    if node.outcome != nil || node.next.isEmpty {
      found.append(Leaf(steps: steps, lines: lines, outcome: node.outcome, schedule: node.schedule))
    }
    for child in node.next { found += leaves(child, steps: steps, lines: lines) }
    return found
  }

  static func nodes(_ node: Atlas.Node) -> Int { 1 + node.next.map(nodes).reduce(0, +) }

  static func atlas(
    _ era: EraUnderTest, _ story: Story, _ mode: Mode, riders: Int = 2
  ) async -> (Atlas, Explorer.Exploration) {
    var options = StageOptions()
    options.story = story
    options.riders = riders
    let exploration = await Explorer.explore(era.era, mode: mode, options: options, keepRuns: true)
    return (Atlas(exploration, era: era.info), exploration)
  }

  static func modes(_ era: EraUnderTest, _ story: Story) -> [Mode] {
    story.plot.defaultModes(for: era.info)
  }

  @Test(arguments: Eras.all, Story.allCases)
  func thePageCarriesWhatTheExplorerFound(era: EraUnderTest, story: Story) async throws {
    for mode in Self.modes(era, story) {
      let (atlas, exploration) = await Self.atlas(era, story, mode)
      // Read back from the page, the data is the atlas.
      let page = AtlasPage.html(AtlasPage.Book(title: "t", atlases: [atlas]))
      let book = try #require(AtlasPage.book(in: page))
      #expect(book.atlases == [atlas])
      // And the atlas says what `explore --format json` says.
      let json = try #require(
        JSONSerialization.jsonObject(with: Data(Explorer.json(exploration, era: era.name).utf8))
          as? [String: Any])
      #expect(atlas.schedules == json["schedules"] as? Int)
      #expect(atlas.forbidden == json["forbidden"] as? Int)
      #expect(atlas.deadlocked == json["deadlocked"] as? Int)
      #expect(atlas.livelocked == json["livelocked"] as? Int)
      let outcomes = try #require(json["outcomes"] as? [[String: Any]])
      #expect(atlas.outcomes.count == outcomes.count)
      for (index, (mine, theirs)) in zip(atlas.outcomes, outcomes).enumerated() {
        #expect(mine.result == theirs["result"] as? String)
        #expect(mine.expect == theirs["expect"] as? String)
        #expect(mine.schedules == theirs["schedules"] as? Int)
        #expect(mine.example == theirs["example"] as? String)
        #expect(mine.exampleSwitches == theirs["example_switches"] as? Int)
        #expect(mine.cycle == theirs["cycle"] as? String)
        #expect((mine.why != nil) == (mine.expect != "acceptable"))
        if mine.expect == "forbidden" {
          // What the audits saw: a station's counter out of range, or a bike
          // lost; or the story's own rule broken (the order story's).
          let why = mine.why ?? ""
          let rule = story.plot.brokenRule(exploration.outcomes[index].result)
          #expect(
            story.stations.contains { why.contains("\($0.name)'s ") }
              || why.contains(story.plot.notConserved) || rule.map(why.contains) == true,
            "\(why)")
        }
      }
      // A leaf per schedule, filed under its outcome, its schedule the path to it.
      let leaves = Self.leaves(atlas.tree)
      #expect(leaves.count == atlas.schedules, "\(era.name) \(mode)")
      #expect(atlas.tree.leaves == atlas.schedules)
      for (index, outcome) in atlas.outcomes.enumerated() {
        #expect(leaves.filter { $0.outcome == index }.count == outcome.schedules)
      }
      for leaf in leaves { #expect(leaf.schedule == leaf.steps.joined(separator: " ")) }
      #expect(Set(leaves.map(\.steps)).count == leaves.count)
    }
  }

  /// What the page shows along each outcome's example is what `replay
  /// --schedule` of that example logs: recorded, not recomputed.
  @Test(arguments: Eras.all, Story.allCases)
  func everyStepShownIsWhatTheEraLogged(era: EraUnderTest, story: Story) async throws {
    for mode in Self.modes(era, story) {
      let (atlas, _) = await Self.atlas(era, story, mode)
      let leaves = Self.leaves(atlas.tree)
      for outcome in atlas.outcomes {
        let leaf = try #require(leaves.first { $0.schedule == outcome.example })
        var options = StageOptions()
        options.story = story
        options.riders = 2
        options.schedule = try Schedule.parse(outcome.example, riders: 2, story: story)
        let run = await Replay.play(era.era, mode: mode, options: options)
        #expect(leaf.lines == run.steps, "\(era.name) \(mode) \(outcome.example)")
      }
    }
  }

  @Test(arguments: Story.allCases)
  func thePageIsWellFormed(story: Story) async throws {
    let era = try #require(Eras.all.first)
    var atlases: [Atlas] = []
    for mode in Self.modes(era, story) { atlases.append(await Self.atlas(era, story, mode).0) }
    let page = AtlasPage.html(AtlasPage.Book(title: "every schedule", atlases: atlases))
    let parser = XMLParser(data: Data(page.utf8))
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    #expect(page.hasPrefix("<!DOCTYPE html>"))
  }

  /// Names from outside (a city file's) are text: a station called
  /// `</script><script>` changes nothing but the words shown.
  @Test func outsideTextCannotChangeThePage() async throws {
    let era = try #require(Eras.all.first)
    let (atlas, _) = await Self.atlas(era, .slot, .racy)
    let hostile = #"</script><script>alert("x")</script></style><!-- & ]]> '"#
    var object = try #require(
      JSONSerialization.jsonObject(with: JSONEncoder().encode(atlas)) as? [String: Any])
    object["setting"] = hostile
    object["era"] = hostile
    let altered = try JSONDecoder().decode(
      Atlas.self, from: JSONSerialization.data(withJSONObject: object))
    let page = AtlasPage.html(AtlasPage.Book(title: hostile, atlases: [altered]))
    #expect(!page.contains("alert(\"x\")</script>"))
    #expect(page.components(separatedBy: "<script").count == 3)  // the data and the script
    #expect(page.components(separatedBy: "</style>").count == 2)
    #expect(page.contains("&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)"))
    #expect(try #require(AtlasPage.book(in: page)).atlases.first?.setting == hostile)
    #expect(XMLParser(data: Data(page.utf8)).parse())
  }

  /// Characters XML 1.0 forbids (fuzz-6, N2): the page stays well-formed,
  /// the title shows U+FFFD for them, and the data reads back as it was.
  @Test func forbiddenCharactersKeepThePageWellFormed() async throws {
    let era = try #require(Eras.all.first)
    let (atlas, _) = await Self.atlas(era, .slot, .racy)
    let odd = "a\u{1}b\u{B}c\u{FFFE}d\u{FFFF}e"
    var object = try #require(
      JSONSerialization.jsonObject(with: JSONEncoder().encode(atlas)) as? [String: Any])
    object["setting"] = odd
    let altered = try JSONDecoder().decode(
      Atlas.self, from: JSONSerialization.data(withJSONObject: object))
    let page = AtlasPage.html(AtlasPage.Book(title: odd, atlases: [altered]))
    #expect(XMLParser(data: Data(page.utf8)).parse())
    #expect(page.contains("a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e"))
    #expect(try #require(AtlasPage.book(in: page)).atlases.first?.setting == odd)
  }

  /// The fuzzer's inputs: a `<` that a combining mark follows (one
  /// character, two scalars), a `<` after U+0600, and a title that holds
  /// the page's own placeholders. Each stays text.
  @Test(arguments: [
    "<\u{301}script>alert(1)</script>", "\u{600}<script>alert(1)</script>", "{{data}}",
    "{{title}}{{script}}",
  ])
  func theFuzzersTitlesStayText(title: String) async throws {
    let page = AtlasPage.html(AtlasPage.Book(title: title, atlases: []))
    #expect(
      !page.unicodeScalars.split(separator: "\n").contains { line in
        String(line).contains("<\u{301}script") || String(line).contains("\u{600}<script")
      })
    #expect(page.components(separatedBy: "<script").count == 3)  // the data and the script
    let heading = try #require(page.range(of: #"<h1 id="title">"#))
    let end = try #require(page.range(of: "</h1>", range: heading.upperBound..<page.endIndex))
    let shown = String(page[heading.upperBound..<end.lowerBound])
    #expect(shown.contains("{{") == title.contains("{{"), "\(shown)")
    #expect(!shown.contains("\"atlases\""), "the page's data pasted into the title: \(shown)")
    #expect(XMLParser(data: Data(page.utf8)).parse())
  }

  /// The page grows with the tree: bytes a node stay about the same from
  /// 2 to 4 riders (2: 6 schedules, 3: 66, 4: 1,176 in racy mode).
  @Test func thePageGrowsWithTheTree() async throws {
    let era = try #require(Eras.all.first)
    for riders in 2...4 {
      let (atlas, _) = await Self.atlas(era, .slot, .racy, riders: riders)
      let bytes = AtlasPage.json(AtlasPage.Book(title: "t", atlases: [atlas])).utf8.count
      let perNode = bytes / Self.nodes(atlas.tree)
      #expect(perNode < 400, "\(riders) riders: \(bytes) bytes, \(perNode) a node")
    }
  }

  @Test func explorePrintsOnePageForEveryMode() async throws {
    let era = try #require(Eras.all.first)
    let result = try await era.executable().running(["explore", "--format", "html"])
    #expect(result.status == 0)
    let book = try #require(AtlasPage.book(in: result.standardOutput))
    #expect(book.atlases.map(\.mode) == Mode.both.map(\.rawValue))
    #expect(book.atlases.allSatisfy { $0.command.hasSuffix("--format html") })
    #expect(XMLParser(data: Data(result.standardOutput.utf8)).parse())
  }
}
