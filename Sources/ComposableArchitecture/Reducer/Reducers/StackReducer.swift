extension Reducer where Action: CasePathable & Sendable {
  /// Runs an element reducer for the actions of each element of a navigation stack.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in
  ///     switch action {
  ///     case .path(.element(id: _, action: .counter(.delegate(.goToCounter(let count))))):
  ///       state.path.append(.counter(CounterFeature.State(count: count)))
  ///       return .none
  ///     case .path:
  ///       return .none
  ///     }
  ///   }
  ///   .forEach(\.path, action: \.path) {
  ///     Path()
  ///   }
  /// }
  /// ```
  ///
  /// An element's action runs the element reducer, then this one; `.push` and `.popFrom` run
  /// this reducer, then change the stack. When an element leaves the stack (by any means) every
  /// effect it started is cancelled. An element calling `await dismiss()` in an effect makes this
  /// reducer receive `.popFrom(id:)`. Actions for an ID that is not on the stack are reported
  /// as issues naming this call site and the existing IDs.
  ///
  /// - Parameters:
  ///   - toStackState: The stack state, such as `\.path`.
  ///   - toStackAction: The stack action case, such as `\.path`.
  ///   - destination: The element reducer.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: A reducer that runs elements, then this reducer.
  @inlinable
  public consuming func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    _StackReducer(
      parent: self,
      destination: destination(),
      toStackState: toStackState,
      toStackAction: toStackAction,
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer returned by ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``.
public struct _StackReducer<Parent: Reducer, Destination: Reducer>: _ChildOperator
where Parent.Action: CasePathable & Sendable {
  @usableFromInline let parent: Parent
  @usableFromInline let destination: Destination
  @usableFromInline let toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>>
  @usableFromInline let toStackAction:
    CaseKeyPath<Parent.Action, StackAction<Destination.State, Destination.Action>>
  @usableFromInline let location: IssueLocation

  @inlinable
  init(
    parent: Parent,
    destination: Destination,
    toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>>,
    toStackAction: CaseKeyPath<Parent.Action, StackAction<Destination.State, Destination.Action>>,
    location: IssueLocation
  ) {
    self.parent = parent
    self.destination = destination
    self.toStackState = toStackState
    self.toStackAction = toStackAction
    self.location = location
  }

  @inlinable public var _parent: Parent { parent }
  @inlinable public var _child: Destination { destination }

  @inlinable
  func run<Path: _WritablePath>(
    _ state: inout Parent.State,
    _ action: Parent.Action,
    actionPath: AnyCasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>,
    statePath: Path,
    mounted: _MountedElements<StackElementID>,
    parent: _ReduceFunction<Parent.State, Parent.Action>,
    destination: _ReduceFunction<Destination.State, Destination.Action>
  ) -> Effect<Parent.Action>
  where Path.Root == Parent.State, Path.Value == StackState<Destination.State> {
    let stackAction = actionPath.extract(from: action)
    // Elements that a reducer outside this operator removed since the last action: their
    // effects end now. Unchanged IDs share their buffer with the remembered ones, so this comparison
    // costs nothing on an ordinary element action.
    let (idsBefore, removedIDs) = mounted.note(statePath, in: &state)
    let removedElsewhere: Effect<Parent.Action> =
      removedIDs.isEmpty ? .none : ._cancelling(removedIDs) { elementNamespace($0, mounted) }

    var destinationEffect = Effect<Parent.Action>.none
    switch stackAction {
    case .element(let id, let elementAction):
      let effect = statePath.modify(&state) {
        $0._modify(id) { destination(&$0, elementAction) }
      }
      if let effect {
        // `.none` checked first: forming the `embed` closure allocates.
        if !effect.isNone {
          destinationEffect = effect._childEffect(
            in: { elementNamespace(id, mounted) },
            embed: { actionPath.embed(.element(id: id, action: $0)) },
            dismissal: actionPath.embed(.popFrom(id: id))
          )
        }
      } else {
        reportMissing(
          id,
          action: action,
          kind: "an action for a missing element",
          existing: idsBefore
        )
      }
    case .popFrom(let id):
      if statePath.read(state, { $0[id: id] }) == nil {
        reportMissing(
          id,
          action: action,
          kind: "a \"popFrom\" action for a missing element",
          existing: idsBefore
        )
      }
    case .push(let id?, _):
      if statePath.read(state, { $0[id: id] }) != nil {
        reportPushOfExisting(id, action: action, existing: idsBefore)
      } else {
        checkPushedID(id, action: action)
      }
    case .push(nil, _), nil:
      break
    }

    let parentEffect = parent(&state, action)

    switch stackAction {
    case .popFrom(let id): statePath.modify(&state) { $0.pop(from: id) }
    case .push(nil, let element): statePath.modify(&state) { $0.append(element) }
    case .push(let id?, let element):
      statePath.modify(&state) { if $0[id: id] == nil { $0[id: id] = element } }
    case .element, nil: break
    }

    // Cancel the effects of every element that left the stack. Unchanged `ids` share their
    // buffer, so this comparison costs nothing on an element action.
    let effects = removedElsewhere.merge(with: destinationEffect).merge(with: parentEffect)
    let removed = mounted.note(statePath, in: &state).removed
    return removed.isEmpty
      ? effects : effects.merge(with: ._cancelling(removed) { elementNamespace($0, mounted) })
  }

  @inlinable
  public func _run(
    _ state: inout Parent.State,
    _ action: Parent.Action,
    parent: _ReduceFunction<Parent.State, Parent.Action>,
    child destination: _ReduceFunction<Destination.State, Destination.Action>
  ) -> Effect<Parent.Action> {
    run(
      &state,
      action,
      actionPath: Parent.Action._casePathByOffset(toStackAction),
      statePath: toStackState,
      mounted: _MountedElements<StackElementID>(isBuilt: false),
      parent: parent,
      destination: destination
    )
  }

  @inlinable
  public func _built(
    parent: @escaping _ReduceFunction<Parent.State, Parent.Action>,
    child destination: @escaping _ReduceFunction<Destination.State, Destination.Action>
  ) -> _ReduceFunction<Parent.State, Parent.Action> {
    let actionPath = Parent.Action.casePath(toStackAction)
    let statePath = _ResolvedKeyPath(toStackState)
    let mounted = _MountedElements<StackElementID>(isBuilt: true)
    return { state, action in
      run(
        &state,
        action,
        actionPath: actionPath,
        statePath: statePath,
        mounted: mounted,
        parent: parent,
        destination: destination
      )
    }
  }

  /// The cancellation namespace of element `id`'s effects.
  @inlinable func elementNamespace(
    _ id: StackElementID,
    _ mounted: _MountedElements<StackElementID>
  ) -> _CancelID {
    _CancelID(_ElementNamespace(collection: mounted.collection(toStackState), id: id))
  }

  /// In a test, a push that names its ID names the one the next push would draw (which it
  /// then uses up); a later ID means the test skipped a push, and is reported.
  @usableFromInline func checkPushedID(_ id: StackElementID, action: Parent.Action) {
    let values = DependencyValues._current
    guard values.context == .test, let next = values.stackElementID._nextGeneration else {
      return
    }
    if id.generation == next {
      _ = values.stackElementID()
    } else if id.generation > next {
      reportIssue(
        """
        A "forEach" at "\(location)" received a "push" action with an unexpected generational \
        ID. …

          Received ID:
            \(id)
          Expected ID:
            \(StackElementID(generation: next))

        A pushed ID in a test is the one the next push would get: IDs count up from 0 in each \
        test store, one per push. The element is pushed.
        """,
        at: location
      )
    }
  }

  @usableFromInline func reportPushOfExisting(
    _ id: StackElementID,
    action: Parent.Action,
    existing: [StackElementID]
  ) {
    reportIssue(
      """
      A "forEach" at "\(location)" received a "push" action for an element it already \
      contains. …

        Action:
          \(_dump(action, indentingLinesAfterTheFirstBy: 4))
        Existing IDs:
          [\(existing.map(\.description).joined(separator: ", "))]

      The push is ignored. Push with an ID the stack does not hold, or with ".push(_:)", which \
      takes the next one from the "\\.stackElementID" dependency.
      """,
      at: location
    )
  }

  @usableFromInline func reportMissing(
    _ id: StackElementID,
    action: Parent.Action,
    kind: String,
    existing: [StackElementID]
  ) {
    reportIssue(
      """
      A "forEach" at "\(location)" received \(kind). …

        Action:
          \(_dump(action, indentingLinesAfterTheFirstBy: 4))
        Missing ID:
          \(id)
        Existing IDs:
          [\(existing.map(\.description).joined(separator: ", "))]

      This is generally considered an application logic error: an element was popped while one \
      of its effects was still sending actions, or a test sent an action for an ID that is not \
      on the stack.
      """,
      at: location
    )
  }
}
