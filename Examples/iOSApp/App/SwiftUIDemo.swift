#if canImport(SwiftUI) && canImport(UIKit)
    import NavigationHooks
    import NavigationHooksSwiftUI
    import SwiftUI
    import UIKit

    @available(iOS 15, *)
    /// The SwiftUI entry of the demo: a `NavigationStack` with a path on iOS 16+ (a stack-style
    /// `NavigationView` before), a hidden-bar root, the draft editor with a real confirmation
    /// dialog, a detail with its own back button that keeps the swipe, and a sheet with its own
    /// stack. The modifiers install the recommended composition on each stack they appear in.
    enum SwiftUIDemo {
        /// A full-screen hosting controller for the demo; "Close" on its root dismisses it.
        @MainActor
        static func makeViewController() -> UIViewController {
            let host = UIHostingController(rootView: SwiftUIDemoRoot())
            host.modalPresentationStyle = .fullScreen
            return host
        }
    }

    @available(iOS 15, *)
    /// Where a demo stack can go.
    enum SwiftUIDemoRoute: Hashable {
        case draft
        case detail
    }

    @available(iOS 15, *)
    struct SwiftUIDemoRoot: View {
        var body: some View {
            if #available(iOS 16, *) {
                SwiftUIPathStackDemo()
            } else {
                SwiftUINavigationViewDemo()
            }
        }
    }

    /// iOS 16+: the path is the app's; a user's pop reaches it after UIKit popped (R65).
    @available(iOS 16, *)
    struct SwiftUIPathStackDemo: View {
        @State private var path: [SwiftUIDemoRoute] = []
        @State private var showsSheet = false

        var body: some View {
            NavigationStack(path: $path) {
                SwiftUIFeed(pathDescription: "path: \(path.count)", showsSheet: $showsSheet) { path.append($0) }
                    .navigationDestination(for: SwiftUIDemoRoute.self) { route in
                        switch route {
                        case .draft: SwiftUIDraftEditor()
                        case .detail: SwiftUIDetail { path.removeAll() }
                        }
                    }
            }
            .sheet(isPresented: $showsSheet) { SwiftUISheetStack() }
        }
    }

    @available(iOS 15, *)
    /// Before iOS 16: the same screens in a stack-style `NavigationView`, pushed by links.
    struct SwiftUINavigationViewDemo: View {
        @State private var route: SwiftUIDemoRoute?
        @State private var showsSheet = false

        var body: some View {
            NavigationView {
                VStack {
                    NavigationLink(destination: SwiftUIDraftEditor(), tag: .draft, selection: $route) { EmptyView() }
                    NavigationLink(destination: SwiftUIDetail { route = nil }, tag: .detail, selection: $route) {
                        EmptyView()
                    }
                    SwiftUIFeed(pathDescription: "NavigationView", showsSheet: $showsSheet) { route = $0 }
                }
            }
            .navigationViewStyle(.stack)
            .sheet(isPresented: $showsSheet) { SwiftUISheetStack() }
        }
    }

    @available(iOS 15, *)
    /// The root: full-bleed, its bar hidden by a hiding plugin, the swipe back to it intact.
    struct SwiftUIFeed: View {
        let pathDescription: String
        @Binding var showsSheet: Bool
        let open: (SwiftUIDemoRoute) -> Void
        @Environment(\.dismiss) private var dismiss

        var body: some View {
            VStack(spacing: 16) {
                Text("SwiftUI").font(.largeTitle)
                Text(pathDescription).font(.footnote).accessibilityIdentifier("swiftui.path")
                Button("Open the draft") { open(.draft) }
                Button("Open a detail") { open(.detail) }
                Button("Draft in a sheet") { showsSheet = true }
                Button("Close") { dismiss() }
            }
            .buttonStyle(.borderedProminent)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(Color.indigo.ignoresSafeArea())
            .prefersNavigationBarHidden(true)
        }
    }

    @available(iOS 15, *)
    /// The draft editor: while the text differs from the saved one, every way out asks first,
    /// with a real confirmation dialog; "Discard" leaves the way the user asked.
    struct SwiftUIDraftEditor: View {
        @State private var text = ""
        @State private var savedText = ""
        @State private var attempt: LeaveAttempt?

        var body: some View {
            TextEditor(text: $text)
                .padding()
                .accessibilityIdentifier("swiftui.draft.text")
                .navigationTitle("Draft")
                .toolbar {
                    ToolbarItem(placement: .confirmationAction) { Button("Save") { savedText = text } }
                }
                .leaveConfirmation(isActive: text != savedText) { attempt = $0 }
                .confirmationDialog(
                    "Discard changes?",
                    isPresented: Binding(get: { attempt != nil }, set: { if !$0 { attempt = nil } }),
                    titleVisibility: .visible, presenting: attempt
                ) { attempt in
                    Button("Discard", role: .destructive) { attempt.proceed() }
                    Button("Keep Editing", role: .cancel) { attempt.cancel() }
                }
        }
    }

    @available(iOS 15, *)
    /// A detail with the system back button replaced (`navigationBarBackButtonHidden`): the
    /// recommended composition keeps the edge swipe, which UIKit would turn off (R66).
    struct SwiftUIDetail: View {
        let popToRoot: () -> Void
        @Environment(\.dismiss) private var dismiss

        var body: some View {
            Text("Swipe from the left edge: it still goes back.")
                .padding()
                .navigationTitle("Detail")
                .navigationBarBackButtonHidden(true)
                .toolbar {
                    ToolbarItem(placement: .navigationBarLeading) {
                        Button("Back") { dismiss() }
                    }
                    ToolbarItem(placement: .navigationBarTrailing) { Button("Root", action: popToRoot) }
                }
                .popGestureEnabled(true)
        }
    }

    @available(iOS 15, *)
    /// A sheet with its own stack: the draft asks before the sheet is swiped down (R52, R64).
    struct SwiftUISheetStack: View {
        @Environment(\.dismiss) private var dismiss

        var body: some View {
            NavigationView {
                SwiftUIDraftEditor()
                    .toolbar {
                        ToolbarItem(placement: .cancellationAction) {
                            Button("Close") { dismiss() }
                        }
                    }
            }
            .navigationViewStyle(.stack)
        }
    }
#endif
