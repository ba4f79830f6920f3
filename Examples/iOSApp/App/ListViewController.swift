import UIKit

/// A plain list with a visible bar; leads to the draft editor and the pager.
final class ListViewController: UITableViewController {
    private let rows: [(title: String, make: () -> UIViewController)] = [
        ("Draft editor (asks before leaving)", { DraftEditorViewController() }),
        ("Horizontal pager", { PagerViewController() }),
        ("Another list", { ListViewController() }),
    ]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "List"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        if #available(iOS 14.0, *) {
            var content = cell.defaultContentConfiguration()
            content.text = rows[indexPath.row].title
            cell.contentConfiguration = content
        } else {
            cell.textLabel?.text = rows[indexPath.row].title
        }
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        navigationController?.pushViewController(rows[indexPath.row].make(), animated: true)
    }
}
