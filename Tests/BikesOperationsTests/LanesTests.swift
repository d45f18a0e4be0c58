import BikeShare
import Foundation
import Testing

@testable import BikesOperations

/// Under the gate each participant's operations go to a lane of its own (an
/// operation queue on a serial queue: no thread of the pool's few held by a
/// parked step); on the real runtime, to the queue the era's code names.
@Suite struct LanesTests {
  @Test func underTheGateEachParticipantHasALaneOfItsOwn() {
    let shared = OperationQueue()
    let gate = BlockingRaceProbe(pause: { _ in })
    #expect(gate.mayWaitForOthers)
    let lanes = Lanes(shared, participants: [0, 1, 21], probe: gate)
    let queues = [0, 1, 21].map(lanes.queue)
    #expect(queues.allSatisfy { $0 !== shared && $0.underlyingQueue != nil })
    #expect(Set(queues.map(ObjectIdentifier.init)).count == 3)
    #expect(lanes.all.count == 4 && lanes.all.first === shared)
  }

  @Test func onTheRealRuntimeEveryoneSharesTheErasQueue() {
    let shared = OperationQueue()
    let lanes = Lanes(shared, participants: [0, 1], probe: .waiting(.zero))
    #expect(lanes.queue(0) === shared && lanes.queue(1) === shared)
    #expect(lanes.all.count == 1)
  }
}
