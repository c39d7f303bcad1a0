import Foundation

extension Reducer where Action: CasePathable & Sendable {
  /// Runs a presented child's reducer while its ``PresentationState`` is non-`nil`.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.$primeModal, action: \.primeModal) {
  ///     PrimeModal()
  ///   }
  /// ```
  ///
  /// `.presented` actions run the child, then this reducer. `.dismiss` runs this reducer, then
  /// clears the child state — unless this reducer presented a different child meanwhile. When
  /// the child goes away (by `.dismiss`, by the parent setting it to `nil`, or by the child's
  /// `await dismiss()`, which sends `.dismiss`) or is replaced by a different one (another enum
  /// case, another `id`), every effect the old child started is cancelled. A presentation action
  /// while the child is absent is reported as an issue.
  ///
  /// - Parameters:
  ///   - toPresentationState: The presentation state, such as `\.$primeModal`.
  ///   - toPresentationAction: The presentation action case, such as `\.primeModal`.
  ///   - destination: The child reducer.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: A reducer that runs the child, then this reducer.
  @inlinable
  public consuming func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    _PresentationReducer(
      parent: self,
      destination: destination(),
      toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction,
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Reducer where Action: CasePathable & Sendable {
  /// Presents an alert or a confirmation dialog, which needs no reducer of its own.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.$alert, action: \.alert)
  /// ```
  ///
  /// A button's action (`.alert(.presented(.confirmDeletion))`) runs this reducer, then the
  /// alert is dismissed; `.dismiss` dismisses it.
  ///
  /// - Parameters:
  ///   - toPresentationState: The presentation state, such as `\.$alert`.
  ///   - toPresentationAction: The presentation action case, such as `\.alert`.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: A reducer that runs this reducer and dismisses the alert after its actions.
  @inlinable
  public consuming func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    ifLet(
      toPresentationState,
      action: toPresentationAction,
      destination: { EmptyReducer() },
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }
}

/// The reducer returned by ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)``.
public struct _PresentationReducer<Parent: Reducer, Destination: Reducer>: _ChildOperator
where Parent.Action: CasePathable & Sendable {
  @usableFromInline let parent: Parent
  @usableFromInline let destination: Destination
  @usableFromInline let toPresentationState:
    WritableKeyPath<Parent.State, PresentationState<Destination.State>>
  @usableFromInline let toPresentationAction:
    CaseKeyPath<Parent.Action, PresentationAction<Destination.Action>>
  @usableFromInline let location: IssueLocation

  @inlinable
  init(
    parent: Parent,
    destination: Destination,
    toPresentationState: WritableKeyPath<Parent.State, PresentationState<Destination.State>>,
    toPresentationAction: CaseKeyPath<Parent.Action, PresentationAction<Destination.Action>>,
    location: IssueLocation
  ) {
    self.parent = parent
    self.destination = destination
    self.toPresentationState = toPresentationState
    self.toPresentationAction = toPresentationAction
    self.location = location
  }

  @inlinable public var _parent: Parent { parent }
  @inlinable public var _child: Destination { destination }

  @inlinable
  func run<Path: _WritablePath>(
    _ state: inout Parent.State,
    _ action: Parent.Action,
    actionPath: AnyCasePath<Parent.Action, PresentationAction<Destination.Action>>,
    statePath: Path,
    ephemeral: _EphemeralProbe?,
    identities: _IdentityReader<Destination.State>,
    // Unretained: records live as long as the process (`_ChildEffectsRecord`). `nil` for
    // `childEffectsStarted` reads the record; a direct call passes what its lookup found.
    childEffects: Unmanaged<_ChildEffectsRecord>,
    childEffectsStarted: Bool?,
    parent: _ReduceFunction<Parent.State, Parent.Action>,
    destination: _ReduceFunction<Destination.State, Destination.Action>
  ) -> Effect<Parent.Action>
  where Path.Root == Parent.State, Path.Value == PresentationState<Destination.State> {
    let presentationAction = actionPath.extract(from: action)
    // Each access to `$child` goes through the key path runtime (a computed property, reached
    // by no offset), so there is one before the parent runs — a read for most actions (a
    // mutation through the computed key path would copy the box), a single mutation for a child
    // action, which checks and runs the child in one go — and, only when a child was
    // presented, one read after. `ifLet` reads nothing for the parent's own actions until a
    // child presented here has started an effect (`_ChildEffectsRecord`).
    let identityBefore: _NavigationIdentity?
    var cancellations = Effect<Parent.Action>.none
    var destinationEffect = Effect<Parent.Action>.none
    // Whether the action is a button's of an alert presented as one case of a destination enum
    // (known only for such an alert: the action's payload is read then, and only then).
    var isAlertCaseButton = false
    if case .presented(let childAction) = presentationAction {
      let effect: Effect<Destination.Action>
      (identityBefore, cancellations, effect) = statePath.modify(&state) { presentation in
        let identity = presentation._identity(identities)
        let cancellations = noteIdentity(identity, in: &presentation)
        guard identity != nil else { return (nil, cancellations, .none) }
        let effect = _reduceWrapped(&presentation.wrappedValue, childAction, destination)
        return (identity, cancellations, effect)
      }
      // Only a destination enum has alert cases; `_isEnumType` is settled when the operator is
      // specialized for its types, so for any other child this code is not even there.
      if _isEnumType(Destination.State.self), let actionType = identityBefore?.ephemeralActionType {
        // By address: boxing the action here would cost every presented action, alert or not.
        isAlertCaseButton = withUnsafePointer(to: childAction) {
          _EphemeralProbe.payloadType(at: $0, of: Destination.Action.self, is: actionType)
        }
      }
      if let identityBefore {
        // Checked first: forming the `embed` closure allocates, and most effects are `.none`.
        if !effect.isNone {
          // Recorded before the effect leaves this function (see `_ChildEffectsRecord`).
          childEffects._withUnsafeGuaranteedRef { $0.noteStarted() }
          destinationEffect = effect._childEffect(
            in: { namespace(identityBefore) },
            embed: { actionPath.embed(.presented($0)) },
            dismissal: actionPath.embed(.dismiss)
          )
        }
      } else {
        reportAbsent(action)
      }
    } else if presentationAction == nil,
      !(childEffectsStarted ?? childEffects._withUnsafeGuaranteedRef { $0.hasStarted })
    {
      // No child presented here has ever started an effect: nothing to cancel, nothing to read.
      identityBefore = nil
    } else {
      let unseen: Bool
      (identityBefore, unseen) = statePath.read(state) { presentation in
        let identity = presentation._identity(identities)
        return (identity, presentation._presentedIdentity != identity)
      }
      if unseen {
        // Rare: the write happens once per presentation.
        cancellations = statePath.modify(&state) { noteIdentity(identityBefore, in: &$0) }
      }
      if presentationAction != nil, identityBefore == nil {
        reportAbsent(action)
      }
    }

    let parentEffect = parent(&state, action)
    // Merged pairwise: the variadic `merge` would allocate an array on every action.
    let effects = cancellations.merge(with: destinationEffect).merge(with: parentEffect)
    guard let identityBefore else { return effects }
    var identityAfter = statePath.read(state) { $0._identity(identities) }
    // A parent that answered `.dismiss` by presenting a different child keeps that child. An
    // alert or a dialog goes away after any of its buttons' actions, as the system's does.
    if identityAfter == identityBefore, let presentationAction,
      Self.dismisses(presentationAction, ephemeral, isAlertCaseButton)
    {
      statePath.modify(&state) { $0.wrappedValue = nil }
      identityAfter = nil
    }
    guard identityAfter != identityBefore else { return effects }
    statePath.modify(&state) { $0._presentedIdentity = identityAfter }
    return effects.merge(with: .cancel(id: namespace(identityBefore)))
  }

  @inlinable
  public func _run(
    _ state: inout Parent.State,
    _ action: Parent.Action,
    parent: _ReduceFunction<Parent.State, Parent.Action>,
    child destination: _ReduceFunction<Destination.State, Destination.Action>
  ) -> Effect<Parent.Action> {
    // One lock finds everything a direct call needs that a store's build keeps: the record of
    // child effects, whether one was started, and where the action's case path sits.
    let found = _ChildEffectsRecord.lookUp(state: toPresentationState, action: toPresentationAction)
    let actionOffset: Int?
    if let known = found.actionOffset {
      actionOffset = known
    } else {
      actionOffset = Parent.Action._casePathOffset(toPresentationAction)
      _ChildEffectsRecord.noteActionOffset(
        actionOffset,
        state: toPresentationState,
        action: toPresentationAction
      )
    }
    return run(
      &state,
      action,
      actionPath: Parent.Action._casePath(toPresentationAction, atOffset: actionOffset),
      statePath: toPresentationState,
      ephemeral: nil,
      identities: .unresolved,
      childEffects: found.record,
      childEffectsStarted: found.hasStarted,
      parent: parent,
      destination: destination
    )
  }

  @inlinable
  public func _built(
    parent: @escaping _ReduceFunction<Parent.State, Parent.Action>,
    child destination: @escaping _ReduceFunction<Destination.State, Destination.Action>
  ) -> _ReduceFunction<Parent.State, Parent.Action> {
    let actionPath = Parent.Action.casePath(toPresentationAction)
    let statePath = _ResolvedKeyPath(toPresentationState)
    let ephemeral = _EphemeralProbe(Destination.State.self)
    let identities = _IdentityReader<Destination.State>.resolved
    let childEffects = _ChildEffectsRecord.for(toPresentationState)
    return { state, action in
      run(
        &state,
        action,
        actionPath: actionPath,
        statePath: statePath,
        ephemeral: ephemeral,
        identities: identities,
        childEffects: .passUnretained(childEffects),
        childEffectsStarted: nil,
        parent: parent,
        destination: destination
      )
    }
  }

  /// Records `identity` as the child this operator has seen presented, and cancels the effects
  /// of the child it saw before when a reducer outside this operator removed or replaced it.
  @inlinable
  func noteIdentity(
    _ identity: _NavigationIdentity?,
    in presentation: inout PresentationState<Destination.State>
  ) -> Effect<Parent.Action> {
    let seen = presentation._presentedIdentity
    guard seen != identity else { return .none }
    presentation._presentedIdentity = identity
    guard let seen else { return .none }
    return .cancel(id: namespace(seen))
  }

  /// Whether the child still presented after `action` goes away now: after `.dismiss`, and
  /// after an action of an alert's or a dialog's buttons.
  ///
  /// `isAlertCaseButton`: whether the action is a button's of an alert presented as one case of
  /// a destination enum (an action meant for another case leaves the alert up).
  @inlinable
  static func dismisses(
    _ action: PresentationAction<Destination.Action>,
    _ ephemeral: _EphemeralProbe?,
    _ isAlertCaseButton: Bool
  ) -> Bool {
    switch action {
    case .dismiss: return true
    case .presented:
      // A store's built `ifLet` keeps its probe; a direct `reduce(into:)` makes one only here.
      return (ephemeral ?? _EphemeralProbe(Destination.State.self)).typeIsEphemeral
        || isAlertCaseButton
    }
  }

  /// The cancellation namespace of the child with `identity` presented here.
  @usableFromInline func namespace(_ identity: _NavigationIdentity) -> _CancelID {
    _CancelID(
      _ChildEffectsID(path: _SendableAnyHashable(toPresentationState), identity: identity)
    )
  }

  @usableFromInline
  func reportAbsent(_ action: Parent.Action) {
    reportIssue(
      """
      An "ifLet" at "\(location)" received a presentation action when destination state \
      was absent. …

        Action:
          \(_dump(action, indentingLinesAfterTheFirstBy: 4))

      This is generally considered an application logic error: an effect or view sent an \
      action to a child after it was dismissed, or a test sent one before presenting it.
      """,
      at: location
    )
  }
}
