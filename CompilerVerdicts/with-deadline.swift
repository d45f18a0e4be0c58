// SE-0526's deadline: it cancels the operation when the deadline expires,
// and waits for the operation to return. Not in this toolchain (Swift 6.3.1).
// Verdict: error: cannot find 'withDeadline' in scope

func ride() async {}

func rideWithADeadline() async {
  await withDeadline(in: Duration.milliseconds(50)) {
    await ride()
  }
}
