import CCairo
import CX11
import DesignableCore
#if canImport(Glibc)
import Glibc
#endif

/// The window's back buffer: an XImage whose pixels a Cairo image surface draws into directly.
/// Over MIT-SHM the server reads those pixels from the shared segment, so a frame costs no copy
/// in the client and no pixels on the socket; without it (a remote server, or attaching fails)
/// the same memory goes through XPutImage.
final class SharedMemoryImage {
    let width: Int, height: Int
    let usesSharedMemory: Bool
    /// Cairo's view of the pixels; the surface must not outlive the memory, so both go in `deinit` first.
    private(set) var surface: ImageSurface!
    /// One drawing context for the buffer's life: frames reuse it instead of allocating their own.
    private(set) var context: DrawingContext!

    private let display: OpaquePointer
    private let image: UnsafeMutablePointer<XImage>
    /// Xlib keeps a pointer to this from the image, so it lives at a fixed address.
    private let segment: UnsafeMutablePointer<XShmSegmentInfo>?
    /// Maps the segment's pages into this process while the first frame draws (`mapHere`).
    private var mapping: WorkerThread?
    /// Tells `mapping` to stop between pieces: a buffer replaced at once (a resize) waits for no
    /// more than a piece.
    private let stopMapping = SharedFlag()

    init(display: XDisplay, width: Int, height: Int) throws(PreviewFailure) {
        self.display = display.pointer
        self.width = width
        self.height = height
        if display.hasSharedMemory, let attached = Self.attachShared(display, width: width, height: height) {
            (image, segment) = attached
            usesSharedMemory = true
        } else {
            guard let data = malloc(width * height * 4) else { throw PreviewFailure("no memory for a \(width)×\(height) image for the window") }
            guard let plain = XCreateImage(display.pointer, display.visual, UInt32(display.depth), ZPixmap, 0,
                                           data.assumingMemoryBound(to: CChar.self), UInt32(width), UInt32(height), 32, Int32(width * 4)) else {
                free(data)
                throw PreviewFailure("cannot make a \(width)×\(height) image for the window")
            }
            image = plain
            segment = nil
            usesSharedMemory = false
        }
        // Past here every stored property is set: a failure's `deinit` lets go of the image.
        guard image.pointee.bits_per_pixel == 32, let data = image.pointee.data else {
            throw PreviewFailure("the X server wants \(image.pointee.bits_per_pixel)-bit pixels; the preview draws 32-bit ones")
        }
        do {
            surface = try ImageSurface(wrapping: UnsafeMutableRawPointer(data), width: width, height: height,
                                       stride: Int(image.pointee.bytes_per_line))
            context = try DrawingContext(surface)
        } catch {
            throw PreviewFailure("cannot draw into the window's image: \(error.message)")
        }
        if usesSharedMemory {
            Self.mapOnServer(image, display: display, width: width, height: height)
            mapping = Self.mapHere(image, height: height, until: stopMapping)
        }
    }

    deinit {
        // The pages must stay mapped until the thread mapping them is done.
        stopMapping.set()
        mapping?.join()
        context = nil
        surface = nil
        Self.destroy(image, segment: segment, display: display)
    }

    /// Creates and attaches a shared segment; nil when the server refuses (it cannot see our memory).
    private static func attachShared(_ display: XDisplay, width: Int, height: Int)
        -> (UnsafeMutablePointer<XImage>, UnsafeMutablePointer<XShmSegmentInfo>)? {
        let segment = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        segment.initialize(to: XShmSegmentInfo())
        guard let image = XShmCreateImage(display.pointer, display.visual, UInt32(display.depth), ZPixmap, nil, segment,
                                          UInt32(width), UInt32(height)) else {
            segment.deallocate()
            return nil
        }
        let bytes = Int(image.pointee.bytes_per_line) * height
        let id = shmget(0 /* IPC_PRIVATE */, bytes, IPC_CREAT | 0o600)
        guard id >= 0 else {
            cx11_destroy_image(image)
            segment.deallocate()
            return nil
        }
        let address = shmat(id, nil, 0)
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else {
            shmctl(id, IPC_RMID, nil)
            cx11_destroy_image(image)
            segment.deallocate()
            return nil
        }
        segment.pointee.shmid = id
        segment.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        segment.pointee.readOnly = 0
        image.pointee.data = segment.pointee.shmaddr
        let error = XErrorTrap.catching(display.pointer) { _ = XShmAttach(display.pointer, segment) }
        // Marked for removal now, the segment is freed when both sides detach, even if we crash.
        shmctl(id, IPC_RMID, nil)
        guard error == nil else {
            image.pointee.data = nil
            cx11_destroy_image(image)
            shmdt(address)
            segment.deallocate()
            return nil
        }
        return (image, segment)
    }

    /// Rows of the image the server reads at a time in `mapOnServer`.
    private static let warmingStrip = 16

    /// Has the server read every row of a new segment now, into a small pixmap thrown away after,
    /// without waiting for it: the server maps a shared segment's pages only as it first reads
    /// them, which made a frame's first blit 5–6 ms slower than the next at 1920×970 (its 1,800
    /// pages mapped one fault at a time, in the server's time but before the pixels land). Sent
    /// at once, the reads run in the server while the frame is laid out and drawn.
    private static func mapOnServer(_ image: UnsafeMutablePointer<XImage>, display: XDisplay, width: Int, height: Int) {
        let strip = min(height, warmingStrip)
        let pixmap = XCreatePixmap(display.pointer, display.root, UInt32(width), UInt32(strip), UInt32(display.depth))
        let gc = XCreateGC(display.pointer, pixmap, 0, nil)
        for y in stride(from: 0, to: height, by: strip) {
            XShmPutImage(display.pointer, pixmap, gc, image, 0, Int32(y), 0, 0, UInt32(width), UInt32(min(strip, height - y)), 0)
        }
        XFreeGC(display.pointer, gc)
        XFreePixmap(display.pointer, pixmap)
        XFlush(display.pointer)
    }

    /// Bytes of the segment mapped a call at a time in `mapHere`: the kernel holds the process's
    /// memory map for reading through each call, which an allocation's own mapping waits for.
    private static let mappingPiece = 256 << 10

    /// Maps a new segment's pages into this process on a thread of its own, last row first, while
    /// the frame draws from the top: a drawing's first touch of each page otherwise faults it in
    /// on the frame's time (at 1920×970, 1,800 faults, about 2 ms). Only the page tables change:
    /// the pixels are not read or written, so the frame drawing beside it sees no other writer.
    /// Kernels before 5.14 have no such advice, and the frame faults the pages in as before.
    private static func mapHere(_ image: UnsafeMutablePointer<XImage>, height: Int, until stop: SharedFlag) -> WorkerThread {
        let base = UInt(bitPattern: image.pointee.data)
        let bytes = Int(image.pointee.bytes_per_line) * height
        let page = max(4096, sysconf(Int32(_SC_PAGESIZE)))
        return WorkerThread {
            var end = bytes
            while end > 0, !stop.isSet {
                let start = max(0, end - mappingPiece) / page * page
                guard let address = UnsafeMutableRawPointer(bitPattern: base + UInt(start)) else { return }
                if madvise(address, end - start, MADV_POPULATE_WRITE) != 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return
                }
                end = start
            }
        }
    }

    private static func destroy(_ image: UnsafeMutablePointer<XImage>, segment: UnsafeMutablePointer<XShmSegmentInfo>?,
                                display: OpaquePointer) {
        if let segment {
            XShmDetach(display, segment)
            // The server must have let go of the segment before it is unmapped here.
            XSync(display, 0)
            image.pointee.data = nil
            cx11_destroy_image(image)
            shmdt(segment.pointee.shmaddr)
            segment.deallocate()
        } else {
            // XDestroyImage frees the malloc'd pixels too.
            cx11_destroy_image(image)
        }
    }

    /// Sends the pixels of `rect` to the same place in `drawable`. The caller syncs before drawing
    /// into the buffer again, so the server never puts a frame that is half redrawn on screen.
    func put(on drawable: Drawable, gc: GC, rect: PixelRect) {
        let area = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !area.isEmpty else { return }
        // Cairo may hold drawing back until a flush; the pixels must be final before the server reads them.
        cairo_surface_flush(surface.pointer)
        if usesSharedMemory {
            XShmPutImage(display, drawable, gc, image, Int32(area.x), Int32(area.y), Int32(area.x), Int32(area.y),
                         UInt32(area.width), UInt32(area.height), 0)
        } else {
            XPutImage(display, drawable, gc, image, Int32(area.x), Int32(area.y), Int32(area.x), Int32(area.y),
                      UInt32(area.width), UInt32(area.height))
        }
    }
}
