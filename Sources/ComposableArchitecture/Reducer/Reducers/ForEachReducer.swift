extension Reducer where Action: CasePathable & Sendable {
  /// Runs an element reducer for the actions of each element of an ``IdentifiedArray``.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in
  ///     switch action {
  ///     case .addButtonTapped:
  ///       state.todos.append(Todo.State(id: uuid()))
  ///       return .none
  ///     case .todos:
  ///       return .none
  ///     }
  ///   }
  ///   .forEach(\.todos, action: \.todos) {
  ///     Todo()
  ///   }
  /// }
  /// ```
  ///
  /// An element's action runs the element reducer on that element, found by its ID, then this
  /// reducer. When an element leaves the array (by any means: this reducer removing it, another
  /// reducer replacing the array) every effect it started is cancelled. An action for an ID
  /// that is not in the array is reported as an issue naming this call site and the existing
  /// IDs. The element reducer may be the feature itself (rows that hold rows).
  ///
  /// - Parameters:
  ///   - toElementsState: The elements, such as `\.todos`.
  ///   - toElementAction: The element action case, such as `\.todos`.
  ///   - element: The element reducer.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: A reducer that runs elements, then this reducer.
  @inlinable
  public consuming func forEach<ElementID, ElementState, ElementAction, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ElementID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    _ForEachReducer(
      parent: self,
      element: element(),
      toElementsState: toElementsState,
      toElementAction: toElementAction,
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer returned by ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``.
public struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>:
  _ChildOperator
where Parent.Action: CasePathable & Sendable {
  @usableFromInline let parent: Parent
  @usableFromInline let element: Element
  @usableFromInline let toElementsState:
    WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction:
    CaseKeyPath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let location: IssueLocation

  @inlinable
  init(
    parent: Parent,
    element: Element,
    toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: CaseKeyPath<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    location: IssueLocation
  ) {
    self.parent = parent
    self.element = element
    self.toElementsState = toElementsState
    self.toElementAction = toElementAction
    self.location = location
  }

  @inlinable public var _parent: Parent { parent }
  @inlinable public var _child: Element { element }

  @inlinable
  func run<Path: _WritablePath>(
    _ state: inout Parent.State,
    _ action: Parent.Action,
    actionPath: AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    statePath: Path,
    mounted: _MountedElements<ID>,
    parent: _ReduceFunction<Parent.State, Parent.Action>,
    element: _ReduceFunction<Element.State, Element.Action>
  ) -> Effect<Parent.Action>
  where Path.Root == Parent.State, Path.Value == IdentifiedArray<ID, Element.State> {
    // Elements that a reducer outside this operator removed since the last action: their
    // effects end now. Unchanged IDs share their buffer with the remembered ones, so this
    // comparison costs nothing on an ordinary element action.
    let (idsBefore, removedIDs) = mounted.note(statePath, in: &state)
    let removedElsewhere: Effect<Parent.Action> =
      removedIDs.isEmpty ? .none : ._cancelling(removedIDs) { elementNamespace($0, mounted) }

    var elementEffect = Effect<Parent.Action>.none
    if case .element(let id, let elementAction) = actionPath.extract(from: action) {
      if let effect = statePath.modify(&state, { $0._modify(id) { element(&$0, elementAction) } }) {
        // Namespaced like a stack element's: two rows never cancel each other's effects.
        // `.none` checked first: forming the `embed` closure allocates.
        if !effect.isNone {
          elementEffect = effect._childEffect(
            in: { elementNamespace(id, mounted) },
            embed: { actionPath.embed(.element(id: id, action: $0)) }
          )
        }
      } else {
        reportMissing(id, action: action, existing: idsBefore)
      }
    }

    let effects = removedElsewhere.merge(with: elementEffect)
      .merge(with: parent(&state, action))
    // Cancel the effects of every element that left the array.
    let removed = mounted.note(statePath, in: &state).removed
    return removed.isEmpty
      ? effects : effects.merge(with: ._cancelling(removed) { elementNamespace($0, mounted) })
  }

  @inlinable
  public func _run(
    _ state: inout Parent.State,
    _ action: Parent.Action,
    parent: _ReduceFunction<Parent.State, Parent.Action>,
    child element: _ReduceFunction<Element.State, Element.Action>
  ) -> Effect<Parent.Action> {
    run(
      &state,
      action,
      actionPath: Parent.Action._casePathByOffset(toElementAction),
      statePath: toElementsState,
      mounted: _MountedElements(isBuilt: false),
      parent: parent,
      element: element
    )
  }

  @inlinable
  public func _built(
    parent: @escaping _ReduceFunction<Parent.State, Parent.Action>,
    child element: @escaping _ReduceFunction<Element.State, Element.Action>
  ) -> _ReduceFunction<Parent.State, Parent.Action> {
    let actionPath = Parent.Action.casePath(toElementAction)
    let statePath = _ResolvedKeyPath(toElementsState)
    let mounted = _MountedElements<ID>(isBuilt: true)
    return { state, action in
      run(
        &state,
        action,
        actionPath: actionPath,
        statePath: statePath,
        mounted: mounted,
        parent: parent,
        element: element
      )
    }
  }

  /// The cancellation namespace of element `id`'s effects.
  @inlinable func elementNamespace(_ id: ID, _ mounted: _MountedElements<ID>) -> _CancelID {
    _CancelID(_ElementNamespace(collection: mounted.collection(toElementsState), id: id))
  }

  @usableFromInline func reportMissing(_ id: ID, action: Parent.Action, existing: [ID]) {
    reportIssue(
      """
      A "forEach" at "\(location)" received an action for a missing element. …

        Action:
          \(_dump(action, indentingLinesAfterTheFirstBy: 4))
        Missing ID:
          \(id)
        Existing IDs:
          [\(existing.map { "\($0)" }.joined(separator: ", "))]

      This is generally considered an application logic error: an element was removed while \
      one of its effects was still sending actions, or a test sent an action for an ID that is \
      not in the array.
      """,
      at: location
    )
  }
}
