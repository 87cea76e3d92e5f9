/// The view of a running pager: the model in, a screen of cells and where things are on
/// it out. Pure: the same pager always draws the same frame.
package enum TourScreenView {
    /// Where the parts of the frame are: clicks are hit-tested against it.
    package typealias Layout = PageView.Layout

    /// The screen for the pager as it is: the page (sliding or revealing while an
    /// animation runs), the help over it, or the error of a broken watched file.
    package static func render(_ pager: PagerModel) -> (canvas: Canvas, layout: Layout) {
        let glyphs = pager.settings.glyphs
        if let error = pager.contentError {
            return (ErrorScreen.render(message: error, size: pager.size, glyphs: glyphs, bindings: pager.bindings), Layout())
        }
        var target = page(pager.paging.currentPage, scroll: pager.scrollOffset, of: pager, glyphs: glyphs)
        if pager.isShowingHelp {
            HelpOverlay(bindings: pager.bindings, glyphs: glyphs, mouse: pager.settings.mouse, labels: pager.tour.labels).draw(over: &target.canvas)
            return target
        }
        guard let animation = pager.animation, let phase = animation.phases.first else { return target }
        let progress = pager.animationProgress
        switch phase {
        case .slide(let fromPage, let fromScroll, let forward):
            let previous = page(fromPage, scroll: fromScroll, of: pager, glyphs: glyphs)
            let rows = movingRows(previous.layout, target.layout)
            let slide = SlideTransition(from: previous.canvas, to: target.canvas, forward: forward, rows: rows)
            return (slide.frame(at: progress), target.layout)
        case .reveal:
            guard let hero = target.layout.parts.hero else { return target }
            return (HeroReveal(canvas: target.canvas, hero: hero).frame(at: progress), target.layout)
        }
    }

    /// Where the parts of the pager's frame are, as `render` lays them out (a slide or a
    /// reveal moves cells, not the parts): what the model hit-tests and scrolls by.
    package static func layout(of pager: PagerModel) -> Layout {
        guard pager.contentError == nil else { return Layout() }
        return page(pager.paging.currentPage, scroll: pager.scrollOffset, of: pager, glyphs: pager.settings.glyphs).layout
    }

    /// The terminal draws the page's picture in pixels now: it can, and the page is
    /// settled, with nothing over it (a slide or a reveal moves cells, the help covers them).
    private static func showsPixels(_ pager: PagerModel) -> Bool {
        pager.settings.pixels != nil && pager.animation == nil && !pager.isShowingHelp && pager.contentError == nil
    }

    /// Where the terminal is to draw the current page's picture in pixels, in the frame
    /// `render` drew with `layout`; nil when it draws none.
    package static func pixelPicture(of pager: PagerModel, layout: Layout) -> PicturePlacement? {
        guard showsPixels(pager) else { return nil }
        let page = pager.tour.page(pager.paging.currentPage)
        guard let picture = page.picture, let box = layout.parts.hero, box.width > 0, box.height > 0 else { return nil }
        return PicturePlacement(page: pager.paging.currentPage, box: box, picture: picture)
    }

    /// One page of the pager's tour, as it looks when nothing moves.
    private static func page(_ index: Int, scroll: Int, of pager: PagerModel, glyphs: Glyphs) -> (canvas: Canvas, layout: Layout) {
        let state = Paging(pageCount: pager.paging.pageCount, currentPage: index)
        var view = PageView(tour: pager.tour, state: state, glyphs: glyphs, scrollOffset: scroll, bindings: pager.bindings)
        if pager.settings.pixels != nil { view.pixelCell = pager.settings.pixelChoice?.answers.cellPixels }
        if index == pager.paging.currentPage, showsPixels(pager), let pixels = pager.settings.pixels {
            view.pictureStandIn = pixels == .kittyPlaceholders ? .placeholders(id: pager.settings.pictureIDs.id(page: index)) : .blank
        }
        view.contrast = pager.settings.contrast
        view.selectedOption = pager.answers.selection(on: index, of: pager.tour.page(index))
        view.practice = pager.answers.practice[index]
        if index == pager.paging.currentPage { view.time = pager.pageTime }
        var canvas = Canvas(size: pager.size)
        let layout = view.draw(into: &canvas)
        return (canvas, layout)
    }

    /// The rows that move in a slide: the page bodies of both pages, not the dots or the button.
    private static func movingRows(_ a: Layout, _ b: Layout) -> Range<Int> {
        let areas = [a.body, b.body].compactMap { $0 }
        guard let top = areas.map(\.y).min(), let bottom = areas.map({ $0.y + $0.height }).max() else { return 0..<0 }
        return top..<bottom
    }
}
