#if canImport(SwiftUI) && canImport(UIKit)
    // The SwiftUI bar-look snippet of NavigationHooksUIKit.docc/BarAppearance.md, verbatim, so that the
    // iOS SDK check compiles it with the app (nothing shows it). Change both together.
    import NavigationHooksSwiftUI
    import SwiftUI

    @available(iOS 16, *)  // NavigationStack
    struct PhotoStack: View {
        var body: some View {
            NavigationStack {
                Color.black.ignoresSafeArea()  // the photo
                    .navigationBarLook(NavigationBarLook(background: .transparent, shadowHidden: true, tint: .white))
                    .toolbar {
                        NavigationLink("Details") {
                            Text("Details")
                                .navigationBarLook(NavigationBarLook(background: .color(.white), titleColor: .black))
                        }
                    }
            }
        }
    }
#endif
