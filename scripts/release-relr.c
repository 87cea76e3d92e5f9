// Linked into the x86_64 release binary only (Makefile: release). Its relative
// relocations are packed (lld --pack-dyn-relocs=relr): as RELA they were 18,000 entries,
// a 440 KB .rela.dyn that the dynamic loader read at every start, about 0.4 MiB of
// resident memory; packed they are 3 KB. glibc's loader applies packed relocations only
// from 2.36, and 2.36 and later refuse them without a GLIBC_ABI_DT_RELR version need,
// which 2.31 to 2.35 cannot satisfy. So the tags are renamed after the link
// (scripts/hide-relr.py) and no loader sees them, and the binary starts here: the table is
// applied, then _start runs as if it had been the entry point.
//
// Nothing before this point reads a pointer the table fixes: the loader relocates the
// imported symbols (.rela.dyn and .rela.plt stay RELA), and the program's own constructors
// run from __libc_start_main, after _start. Only the libraries' constructors run first.
#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#define TOUR_DT_RELRSZ 0x6f545235 // DT_RELRSZ (35) as scripts/hide-relr.py renames it
#define TOUR_DT_RELR 0x6f545236   // DT_RELR (36)

extern const ElfW(Ehdr) __ehdr_start __attribute__((visibility("hidden")));
extern ElfW(Dyn) _DYNAMIC[] __attribute__((visibility("hidden")));

// Called before libc is set up for the program: the system call directly.
static void protect(uintptr_t start, uintptr_t end, long protection) {
    long result;
    __asm__ volatile("syscall" : "=a"(result) : "0"((long)SYS_mprotect), "D"(start), "S"(end - start), "d"(protection)
                     : "rcx", "r11", "memory");
    (void)result;
}

__attribute__((used, visibility("hidden"))) void tour_apply_relr(void) {
    uintptr_t base = (uintptr_t)&__ehdr_start;
    const ElfW(Addr) *entry = 0;
    uintptr_t size = 0;
    for (const ElfW(Dyn) *tag = _DYNAMIC; tag->d_tag != DT_NULL; tag++) {
        if (tag->d_tag == TOUR_DT_RELR) entry = (const ElfW(Addr) *)(base + tag->d_un.d_ptr);
        if (tag->d_tag == TOUR_DT_RELRSZ) size = tag->d_un.d_val;
    }
    if (!entry) return;
    // The loader has already made the RELRO part read-only: it is opened for the writes.
    const ElfW(Phdr) *headers = (const ElfW(Phdr) *)(base + __ehdr_start.e_phoff);
    uintptr_t relro_start = 0, relro_end = 0;
    for (int i = 0; i < __ehdr_start.e_phnum; i++)
        if (headers[i].p_type == PT_GNU_RELRO) {
            relro_start = (base + headers[i].p_vaddr) & ~(uintptr_t)4095;
            relro_end = (base + headers[i].p_vaddr + headers[i].p_memsz + 4095) & ~(uintptr_t)4095;
        }
    if (relro_end) protect(relro_start, relro_end, PROT_READ | PROT_WRITE);
    // The format (System V gABI): an even entry is the address of a word to relocate; an
    // odd one is a bitmap of the 63 words after the last one relocated.
    ElfW(Addr) *next = 0;
    for (const ElfW(Addr) *end = entry + size / sizeof *entry; entry < end; entry++) {
        ElfW(Addr) value = *entry;
        if ((value & 1) == 0) {
            next = (ElfW(Addr) *)(base + value);
            *next++ += base;
        } else {
            // Set bits only, found by counting trailing zeros: a bit-by-bit walk cost about
            // 233,000 instructions for the 17,700 relocations, at every start.
            for (value >>= 1; value != 0; value &= value - 1)
                next[__builtin_ctzll(value)] += base;
            next += 8 * sizeof(ElfW(Addr)) - 1;
        }
    }
    if (relro_end) protect(relro_start, relro_end, PROT_READ);
}

// The entry point (-e tour_entry). The stack and %rdx (the loader's exit function) are
// _start's arguments, handed on as they came; %r12 is kept by the call.
__asm__(".text\n.globl tour_entry\n.type tour_entry,@function\ntour_entry:\n"
        "    mov %rdx, %r12\n    call tour_apply_relr\n    mov %r12, %rdx\n    jmp _start\n");
