// swift-tools-version:6.0
import PackageDescription

// A small command-line tool that greets its new users with a tour, through TourKit.
let package = Package(
    name: "mytool",
    dependencies: [
        .package(name: "tour", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "mytool",
            dependencies: [.product(name: "TourKit", package: "tour")],
            resources: [.embedInCode("tour.json"), .embedInCode("logo.txt")]
        ),
    ]
)
