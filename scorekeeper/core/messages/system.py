"""The operating system's reasons, said in our own words.

An error about a file, a folder, a lock or a socket carries the system's reason as a fact
(``strerror`` or ``reason``: what ``OSError.strerror`` says, in English, whatever the language
spoken). :func:`scorekeeper.core.messages.render` says such a fact with the template
``os.error.NAME`` of its error number's name (``os.error.EACCES``) where there is one: nothing
the system says in English reaches a sentence in another language. A reason without a template
here is shown as the system gave it. ``--json`` keeps the system's own text in the facts.
"""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
    "os.error.ENOENT": "no such file or folder",
    "os.error.EACCES": "permission denied",
    "os.error.EPERM": "the operation is not permitted",
    "os.error.EEXIST": "it already exists",
    "os.error.ENOTDIR": "a part of the path is not a folder",
    "os.error.EISDIR": "it is a folder",
    "os.error.ENOTEMPTY": "the folder is not empty",
    "os.error.ENOSPC": "no space is left on the disk",
    "os.error.EDQUOT": "the disk quota is used up",
    "os.error.EFBIG": "the file is too large",
    "os.error.EROFS": "the disk is read-only",
    "os.error.EIO": "an input/output error of the disk",
    "os.error.EBUSY": "the device or file is busy",
    "os.error.EAGAIN": "the resource is temporarily unavailable",
    "os.error.EMFILE": "too many files are open",
    "os.error.ENFILE": "too many files are open in the system",
    "os.error.ENAMETOOLONG": "the name is too long",
    "os.error.ELOOP": "too many symbolic links",
    "os.error.EXDEV": "the two places are on different disks",
    "os.error.EINVAL": "the system refused the request as invalid",
    "os.error.ENOLCK": "the system gives no more locks",
    "os.error.EPIPE": "the other end was closed",
    "os.error.EADDRINUSE": "the address is already in use",
    "os.error.EADDRNOTAVAIL": "the address is not available on this computer",
    "os.error.ENETUNREACH": "the network is unreachable",
    "os.error.ETXTBSY": "the file is in use",
}
