#if canImport(SwiftUI) && canImport(UIKit)
    // The README's SwiftUI snippet, verbatim, so that the iOS SDK check compiles it with the app
    // (nothing shows it). Change both together.
    import NavigationHooksSwiftUI  // the view modifiers, with the UIKit host and the core
    import SwiftUI

    @available(iOS 15, *)  // confirmationDialog
    struct DraftEditor: View {
        @State private var text = ""
        @State private var savedText = ""
        @State private var attempt: LeaveAttempt?
        @State private var asking = false

        var body: some View {
            TextEditor(text: $text)
                .leaveConfirmation(isActive: text != savedText) {  // every way out asks
                    attempt = $0
                    asking = true
                }
                .confirmationDialog("Discard changes?", isPresented: $asking, presenting: attempt) { attempt in
                    Button("Discard", role: .destructive) { attempt.proceed() }  // pops the way the user asked
                    Button("Keep Editing", role: .cancel) { attempt.cancel() }
                }
        }
    }

    struct Feed: View {
        var body: some View {
            List { Text("Full-bleed feed") }
                .prefersNavigationBarHidden(true)  // the swipe back to it keeps working
        }
    }
#endif
