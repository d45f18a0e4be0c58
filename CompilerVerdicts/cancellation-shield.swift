// SE-0504's shield: clean-up that a cancelled task would skip, run as if
// the task were not cancelled. Not in this toolchain (Swift 6.3.1).
// Verdict: error: cannot find 'withTaskCancellationShield' in scope

func giveTheBikeBack() async {}

func stop() async {
  await withTaskCancellationShield {
    await giveTheBikeBack()
  }
}
