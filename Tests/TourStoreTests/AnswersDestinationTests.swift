import Testing
@testable import TourStore

/// How `--answers PATH` is written, decided from what PATH is (issue 44, items 1 to 3).
@Suite("Where --answers goes")
struct AnswersDestinationTests {
    typealias Facts = AnswersDestination.Facts

    func decide(_ facts: Facts, path: String = "/home/ada/answers.json") -> Result<AnswersDestination, AnswersDestination.Refusal> {
        AnswersDestination.decide(path, facts: facts)
    }

    @Test func aNewNameOrOneOfYourOwnFilesIsReplacedAtomically() {
        #expect(decide(Facts(kind: .missing)) == .success(AnswersDestination(method: .replace(path: "/home/ada/answers.json"))))
        var own = Facts(kind: .regular)
        own.owner = 1000
        own.user = 1000
        #expect(decide(own) == .success(AnswersDestination(method: .replace(path: "/home/ada/answers.json"))))
    }

    @Test func aLinkIsWrittenThroughInItsTargetsFolder() {
        var link = Facts(kind: .regular)
        link.isSymlink = true
        link.resolvedPath = "/srv/ada/real.json"
        #expect(decide(link) == .success(AnswersDestination(method: .replace(path: "/srv/ada/real.json"))))
    }

    @Test func aFIFOOrADeviceIsWrittenIntoNeverReplaced() {
        var stdout = Facts(kind: .stream)
        stdout.isSymlink = true
        #expect(decide(stdout, path: "/dev/stdout") == .success(AnswersDestination(method: .stream(path: "/dev/stdout"))))
        #expect(decide(Facts(kind: .stream), path: "/dev/null") == .success(AnswersDestination(method: .stream(path: "/dev/null"))))
    }

    @Test func whatCannotTakeTheAnswersIsRefusedWithTheReason() {
        func reason(_ facts: Facts) -> String? {
            if case .failure(let refusal) = decide(facts) { return refusal.reason }
            return nil
        }
        #expect(reason(Facts(kind: .directory)) == "is a directory")
        #expect(reason(Facts(kind: .blockDevice)) == "is a block device")
        var dangling = Facts(kind: .missing)
        dangling.isSymlink = true
        #expect(reason(dangling) == "is a symbolic link to a file that does not exist")
        var noFolder = Facts(kind: .missing)
        noFolder.folder = "gone"
        noFolder.folderExists = false
        #expect(reason(noFolder) == "the folder gone does not exist")
        var readOnly = Facts(kind: .missing)
        readOnly.folder = "/"
        readOnly.folderWritable = false
        #expect(reason(readOnly) == "the folder / is not writable")
        // A fixed name in a shared /tmp that someone else planted.
        var planted = Facts(kind: .regular)
        planted.owner = 1001
        planted.user = 1000
        #expect(reason(planted)?.hasPrefix("belongs to another user (uid 1001)") == true)
    }

    /// A link another user planted is refused, even to a file of yours (issue 64, item 10);
    /// the system's links, root's, are followed.
    @Test func aLinkAnotherUserPlantedIsRefused() {
        var planted = AnswersDestination.Facts(kind: .regular)
        planted.isSymlink = true
        planted.linkOwner = 1001
        planted.owner = 1000
        planted.user = 1000
        planted.resolvedPath = "/home/victim/.bashrc"
        guard case .failure(let refusal) = AnswersDestination.decide("shared/answers.json", facts: planted) else {
            Issue.record("a planted link was followed")
            return
        }
        #expect(refusal.reason.contains("belongs to another user"))
        var system = AnswersDestination.Facts(kind: .stream)
        system.isSymlink = true
        system.linkOwner = 0
        system.user = 1000
        #expect(AnswersDestination.decide("/dev/stdout", facts: system) == .success(AnswersDestination(method: .stream(path: "/dev/stdout"))))
    }

    /// `/dev/fd/3` is the descriptor itself, whatever it is: a socket cannot be opened by
    /// that name (issue 64, item 11).
    @Test func aDescriptorByNameIsThatDescriptor() {
        #expect(AnswersDestination.heldDescriptor(named: "/dev/fd/3") == 3)
        #expect(AnswersDestination.heldDescriptor(named: "/proc/self/fd/12") == 12)
        #expect(AnswersDestination.heldDescriptor(named: "/dev/stdout") == 1)
        for other in ["/dev/fd/", "/dev/fd/3x", "/dev/fd/-1", "/dev/fdx/3", "answers.json", "/dev/fd/99999999999"] {
            #expect(AnswersDestination.heldDescriptor(named: other) == nil, "\(other)")
        }
    }
}
