import UIKit

/// A horizontally paging scroll view filling the content: the edge swipe must still pop
/// (R18), and on iOS 26 the content swipe belongs to the pager (R19).
final class PagerViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Pager"
        view.backgroundColor = .systemBackground
        let scrollView = UIScrollView()
        scrollView.isPagingEnabled = true
        scrollView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(scrollView)
        let pages = UIStackView()
        pages.axis = .horizontal
        pages.distribution = .fillEqually
        pages.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(pages)
        let colors: [UIColor] = [.systemRed, .systemOrange, .systemGreen, .systemBlue]
        for (index, color) in colors.enumerated() {
            let label = UILabel()
            label.text = "Page \(index + 1)"
            label.textAlignment = .center
            label.backgroundColor = color
            pages.addArrangedSubview(label)
        }
        NSLayoutConstraint.activate([
            scrollView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            scrollView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            scrollView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            pages.topAnchor.constraint(equalTo: scrollView.contentLayoutGuide.topAnchor),
            pages.leadingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.leadingAnchor),
            pages.trailingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.trailingAnchor),
            pages.bottomAnchor.constraint(equalTo: scrollView.contentLayoutGuide.bottomAnchor),
            pages.heightAnchor.constraint(equalTo: scrollView.frameLayoutGuide.heightAnchor),
            pages.widthAnchor.constraint(
                equalTo: scrollView.frameLayoutGuide.widthAnchor, multiplier: CGFloat(colors.count)),
        ])
    }
}
