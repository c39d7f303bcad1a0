import BenchmarkHarness

/// Every case, in report order.
@MainActor
let allBenchmarks: [Benchmark] =
  floorBenchmarks + counterBenchmarks + threeFieldBenchmarks + nestedBenchmarks
  + navigationLevelBenchmarks + presentationWatchBenchmarks
  + scopingBenchmarks + observedRowBenchmarks + stackBenchmarks + stackTimerBenchmarks(size: 1)
  + stackTimerBenchmarks(size: 1_000) + largeStateBenchmarks + effectBenchmarks
  + deepEffectBenchmarks(depth: 5) + deepEffectBenchmarks(depth: 25) + testStoreBenchmarks

/// The goals the report checks (ratios of two cases' medians).
let goals = [
  Goal(
    title: "Store.Send ≤ 2× Vanilla.Mutate",
    numerator: "Store.Send",
    denominator: "Vanilla.Mutate",
    limit: 2
  ),
  Goal(
    title: "Nested depth 10 ≤ 3× depth 1",
    numerator: "NestedStore.Send.Depth10",
    denominator: "NestedStore.Send.Depth1",
    limit: 3,
    control: ("Vanilla.NestedMutate.Depth10", "Vanilla.NestedMutate.Depth1")
  ),
  Goal(
    title: "Store.Send ≤ 1.2× Vanilla.Mutate",
    numerator: "Store.Send",
    denominator: "Vanilla.Mutate",
    limit: 1.2
  ),
  Goal(
    title: "Reducer.Reduce ≤ 1.5× Vanilla.Mutate",
    numerator: "Reducer.Reduce",
    denominator: "Vanilla.Mutate",
    limit: 1.5
  ),
  Goal(
    title: "Nth-prime answer ≤ 1.5× vanilla",
    numerator: "Store.NthPrimeResponse",
    denominator: "Vanilla.NthPrimeResponse",
    limit: 1.5
  ),
  Goal(
    title: "Nested depth 10 ≤ 1.5× depth 1",
    numerator: "NestedStore.Send.Depth10",
    denominator: "NestedStore.Send.Depth1",
    limit: 1.5,
    control: ("Vanilla.NestedMutate.Depth10", "Vanilla.NestedMutate.Depth1")
  ),
  Goal(
    title: "Presented child ≤ 1.5× vanilla",
    numerator: "NestedStore.Send.Presented",
    denominator: "Vanilla.NestedMutate.Presented",
    limit: 1.5
  ),
  Goal(
    title: "Enum-case child ≤ 1.5× vanilla",
    numerator: "NestedStore.Send.EnumCase",
    denominator: "Vanilla.NestedMutate.EnumCase",
    limit: 1.5
  ),
  Goal(
    title: "Stack element (10,000 on the stack) ≤ 1.5× vanilla",
    numerator: "Stack.ElementAction.10000",
    denominator: "Vanilla.StackElement.10000",
    limit: 1.5
  ),
  Goal(
    title: "One of 100 observed row screens ≤ 2× vanilla",
    numerator: "Store.ObservedRows",
    denominator: "Vanilla.ObservedRows",
    limit: 2
  ),
  Goal(
    title: "Push + pop ≤ 2× vanilla",
    numerator: "Stack.PushPop",
    denominator: "Vanilla.StackPushPop",
    limit: 2
  ),
  Goal(
    title: "Effect round trip ≤ 2× a vanilla task doing the same work",
    numerator: "Store.EffectRoundTrip",
    denominator: "Vanilla.TaskRoundTrip",
    limit: 2
  ),
  Goal(
    title: "Stack element action at 10,000 ≤ 1.2× at 1",
    numerator: "Stack.ElementAction.10000",
    denominator: "Stack.ElementAction.1",
    limit: 1.2,
    control: ("Vanilla.StackElement.10000", "Vanilla.StackElement.1")
  ),
  Goal(
    title: "Store, modal reporting to its parent: 100,000 favourites ≤ 1.2× 10",
    numerator: "Store.SaveRemoveFavoriteReported.100000",
    denominator: "Store.SaveRemoveFavoriteReported.10",
    limit: 1.2,
    control: ("Vanilla.SaveRemoveFavoriteInPlace.100000", "Vanilla.SaveRemoveFavoriteInPlace.10")
  ),
  Goal(
    title: "Vanilla, modal changing the model in place: 100,000 favourites ≤ 1.2× 10",
    numerator: "Vanilla.SaveRemoveFavoriteInPlace.100000",
    denominator: "Vanilla.SaveRemoveFavoriteInPlace.10",
    limit: 1.2,
    control: ("Store.SaveRemoveFavoriteReported.100000", "Store.SaveRemoveFavoriteReported.10")
  ),
  Goal(
    title: "Store: 100,000 favourites ≤ 1.2× 10 favourites",
    numerator: "Store.SaveRemoveFavorite.100000",
    denominator: "Store.SaveRemoveFavorite.10",
    limit: 1.2,
    expectedMiss: "the episode's modal state is a copy of the list, copied back on every "
      + "action (the lesson; the reporting modal above copies none) — see Docs/Benchmarks.md#goals"
  ),
  Goal(
    title: "Vanilla: 100,000 favourites ≤ 1.2× 10 favourites",
    numerator: "Vanilla.SaveRemoveFavorite.100000",
    denominator: "Vanilla.SaveRemoveFavorite.10",
    limit: 1.2,
    expectedMiss: "the episode's modal writes through bindings, each copying the list (the "
      + "lesson; the in-place modal above copies none) — see Docs/Benchmarks.md#goals"
  ),
]
