// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "mytool",
    dependencies: [
        // A checkout of tour on disk:
        .package(name: "tour", path: "../.."),
        // Or from git, wherever your copy of tour is published (this URL is a placeholder):
        // at a release tag (CONTRIBUTING.md, "Releasing"), or on a branch:
        //   .package(url: "https://git.example.com/you/tour.git", from: "2.0.0"),
        //   .package(url: "https://git.example.com/you/tour.git", branch: "main"),
    ],
    targets: [
        .executableTarget(
            name: "mytool",
            dependencies: [.product(name: "TourKit", package: "tour")],
            resources: [.embedInCode("tour.json"), .embedInCode("tour.fr.json"), .embedInCode("banner.txt")]
        ),
    ]
)
