import CProcessLifeline
import Foundation

/// Where the bench keeps its temporary files: this process's scratch folder
/// (`navhooks_scratch_folder`, CProcessLifeline), removed with everything in it when the
/// process ends, however it ends: a bench or a test killed with SIGKILL leaves nothing in the
/// temporary folder. Where the folder cannot be made, the temporary folder itself (files are
/// then removed when the bench ends normally or is stopped, as before).
enum Scratch {
    /// The folder.
    static let folder: String = {
        if let path = navhooks_scratch_folder() { return String(cString: path) }
        return FileManager.default.temporaryDirectory.path
    }()

    /// A path in ``folder`` named `name`, unique to this process (`name` should be unique in it).
    static func path(_ name: String) -> String { (folder as NSString).appendingPathComponent("navhooks-bench-\(name)") }
}
