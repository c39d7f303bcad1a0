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
  /// - Returns: A reducer that runs the child, then this reducer.
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
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

/// The reducer returned by ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)``.
public struct _PresentationReducer<Parent: Reducer, Destination: Reducer>: Reducer
where Parent.Action: CasePathable & Sendable {
  @usableFromInline let parent: Parent
  @usableFromInline let destination: Destination
  @usableFromInline let toPresentationState:
    WritableKeyPath<Parent.State, PresentationState<Destination.State>>
  @usableFromInline let toPresentationAction:
    CaseKeyPath<Parent.Action, PresentationAction<Destination.Action>>
  @usableFromInline let location: IssueLocation

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    let actionPath = Parent.Action.casePath(toPresentationAction)
    let presentationAction = actionPath.extract(from: action)
    // Read, not mutate: a mutation through the computed `$child` key path would copy the box.
    let wasPresent = state[keyPath: toPresentationState].wrappedValue != nil
    let identityBefore =
      wasPresent
      ? _NavigationIdentity.tracked(state[keyPath: toPresentationState].wrappedValue) : nil

    var destinationEffect = Effect<Parent.Action>.none
    if presentationAction != nil, !wasPresent {
      reportAbsent(action)
    } else if case .presented(let childAction) = presentationAction {
      let effect = reduceChild(&state[keyPath: toPresentationState].wrappedValue, childAction)
      if !effect.isNone {
        destinationEffect = effect._presented(
          in: namespace,
          embed: { actionPath.embed(.presented($0)) },
          dismissal: actionPath.embed(.dismiss)
        )
        .cancellable(id: namespace)
      }
    }

    let parentEffect = parent.reduce(into: &state, action: action)
    var identityChanged = false
    if let identityBefore, let after = state[keyPath: toPresentationState].wrappedValue {
      identityChanged = !_NavigationIdentity(of: after).isSame(as: identityBefore)
    }
    // A parent that answered `.dismiss` by presenting a different child keeps that child.
    if case .dismiss = presentationAction, wasPresent, !identityChanged {
      state[keyPath: toPresentationState].wrappedValue = nil
    }
    if wasPresent, identityChanged || state[keyPath: toPresentationState].wrappedValue == nil {
      return .merge(destinationEffect, parentEffect, .cancel(id: namespace))
    }
    return destinationEffect.merge(with: parentEffect)
  }

  @usableFromInline var namespace: _CancelID {
    _CancelID(_PresentationNamespace(path: _SendableAnyHashable(toPresentationState)))
  }

  @usableFromInline
  func reportAbsent(_ action: Parent.Action) {
    reportIssue(
      """
      An "ifLet" at "\(location)" received a presentation action when destination state \
      was absent. …

        Action:
          \(_dump(action).replacingOccurrences(of: "\n", with: "\n    "))

      This is generally considered an application logic error: an effect or view sent an \
      action to a child after it was dismissed, or a test sent one before presenting it.
      """,
      at: location
    )
  }

  /// Runs the child on the presented value in place (the caller checked it is present).
  @usableFromInline func reduceChild(
    _ state: inout Destination.State?,
    _ action: Destination.Action
  ) -> Effect<Destination.Action> {
    guard var presented = state.take() else { return .none }
    defer { state = presented }
    return destination.reduce(into: &presented, action: action)
  }
}

/// The cancellation namespace of a presented child's effects.
@usableFromInline
struct _PresentationNamespace: Hashable, Sendable {
  @usableFromInline let path: _SendableAnyHashable

  @usableFromInline
  init(path: _SendableAnyHashable) { self.path = path }
}
