#define _GNU_SOURCE /* pipe2 */
#include "CEditShim.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

static volatile sig_atomic_t interrupt_pending = 0;
static volatile sig_atomic_t terminate_signal = 0;
static volatile sig_atomic_t resize_pending = 0;
static volatile sig_atomic_t continue_pending = 0;
/// Set while trendsh_el_gets runs, when libedit owns the terminal and echoes nothing itself.
static volatile sig_atomic_t reading_line = 0;
/// The self-pipe: each handler writes a byte so a waiting read_char wakes up. Needed because
/// the signal is often delivered to a thread other than the one reading (Swift's main actor
/// runs on a dispatch worker that blocks SIGINT, while the process's first thread does not),
/// so an EINTR from read() alone cannot be relied on.
static int wake_pipe[2] = {-1, -1};
static char prompt_text[512] = "trendsh> ";
/// Set for interactive sessions, where the terminal echoes ^C without a line end.
static volatile sig_atomic_t echo_newline_on_interrupt = 0;

/* Every handler saves errno first and restores it last: a handler that runs between a
   failing system call and the caller's read of errno must not change what the caller sees. */

static void wake_reader(void) {
    if (wake_pipe[1] < 0) return;
    char byte = 1;
    ssize_t ignored = write(wake_pipe[1], &byte, 1); /* a full pipe already wakes the reader */
    (void)ignored;
}

static void on_interrupt(int signo) {
    int saved = errno;
    (void)signo;
    interrupt_pending = 1;
    /* Outside el_gets, on a terminal, the line discipline has echoed "^C" itself; end that
       line so what the running command prints next does not follow on it. */
    if (!reading_line && echo_newline_on_interrupt) {
        ssize_t ignored = write(STDOUT_FILENO, "\n", 1);
        (void)ignored;
    }
    wake_reader();
    errno = saved;
}

static void on_terminate(int signo) {
    int saved = errno;
    terminate_signal = signo;
    wake_reader();
    errno = saved;
}

static void on_resize(int signo) {
    int saved = errno;
    (void)signo;
    resize_pending = 1;
    wake_reader();
    errno = saved;
}

static void on_continue(int signo) {
    int saved = errno;
    (void)signo;
    continue_pending = 1;
    wake_reader();
    errno = saved;
}

static void drain_wake_pipe(void) {
    char bytes[64];
    while (read(wake_pipe[0], bytes, sizeof bytes) > 0) {
    }
}

void trendsh_install_signal_handlers(int interactive) {
    echo_newline_on_interrupt = interactive ? 1 : 0;
    if (wake_pipe[0] < 0 && pipe2(wake_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
        wake_pipe[0] = wake_pipe[1] = -1;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    /* Restart other system calls; the reader waits in poll(), which the self-pipe wakes. */
    action.sa_flags = SA_RESTART;
    action.sa_handler = on_interrupt;
    sigaction(SIGINT, &action, NULL);
    action.sa_handler = on_terminate;
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    action.sa_handler = on_resize;
    sigaction(SIGWINCH, &action, NULL);
    action.sa_handler = on_continue;
    sigaction(SIGCONT, &action, NULL);
}

int trendsh_interrupt_pending(void) { return interrupt_pending; }

int trendsh_wait_readable(int fd) {
    for (;;) {
        if (terminate_signal || interrupt_pending) return 0;
        struct pollfd fds[2] = {
            {.fd = fd, .events = POLLIN, .revents = 0},
            {.fd = wake_pipe[0], .events = POLLIN, .revents = 0},
        };
        int ready = poll(fds, wake_pipe[0] >= 0 ? 2 : 1, -1);
        if (ready < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (fds[1].revents & POLLIN) drain_wake_pipe();
        /* A signal that arrived with the data (or the end of input) wins over it. */
        if (terminate_signal || interrupt_pending) return 0;
        if (fds[0].revents) return 1; /* data, end of file, or an error: read() tells which */
    }
}

void trendsh_reraise(int signo) {
    signal(signo, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signo);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(signo);
}
void trendsh_clear_interrupt(void) { interrupt_pending = 0; }
int trendsh_terminate_signal(void) { return terminate_signal; }

/// Waits until stdin has a byte or a signal arrives. Returns 1 when a byte can be read, 0
/// when a signal asks el_gets to give up, -1 on a poll error.
static int wait_for_input(EditLine *el) {
    for (;;) {
        if (terminate_signal || interrupt_pending) return 0;
        struct pollfd fds[2] = {
            {.fd = STDIN_FILENO, .events = POLLIN, .revents = 0},
            {.fd = wake_pipe[0], .events = POLLIN, .revents = 0},
        };
        int ready = poll(fds, wake_pipe[0] >= 0 ? 2 : 1, -1);
        if (ready < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (fds[1].revents & POLLIN) drain_wake_pipe();
        if (resize_pending) {
            resize_pending = 0;
            el_resize(el);
        }
        if (continue_pending) {
            /* Back from Ctrl-Z: the shell put the terminal in its own mode while it had it.
               Take edit mode again (libedit skips that when it thinks it is still in it)
               and redraw the prompt and the line from the start of the row. */
            continue_pending = 0;
            el_set(el, EL_PREP_TERM, 0);
            el_set(el, EL_PREP_TERM, 1);
            ssize_t ignored = write(STDOUT_FILENO, "\r", 1);
            (void)ignored;
            el_set(el, EL_REFRESH);
        }
        if (fds[0].revents) return 1; /* data, or hang-up: read() tells which */
    }
}

/// Reads one character, decoding UTF-8 with the C locale set by the caller. Unlike libedit's
/// own reader it gives up at once when Ctrl-C, SIGTERM or SIGHUP arrives, so el_gets ends.
static int read_char(EditLine *el, wchar_t *out) {
    char bytes[MB_LEN_MAX];
    size_t length = 0;
    for (;;) {
        int waited = wait_for_input(el);
        if (waited <= 0) {
            if (waited == 0) errno = EINTR;
            *out = L'\0';
            return -1;
        }
        unsigned char byte;
        ssize_t got = read(STDIN_FILENO, &byte, 1);
        if (got == -1) {
            if (errno == EINTR || errno == EAGAIN) continue;
            *out = L'\0';
            return -1;
        }
        if (got == 0) {
            *out = L'\0';
            return 0;
        }
        bytes[length++] = (char)byte;
        mbstate_t state;
        memset(&state, 0, sizeof state);
        wchar_t decoded;
        size_t used = mbrtowc(&decoded, bytes, length, &state);
        if (used == (size_t)-2 && length < sizeof bytes) continue;
        if (used == (size_t)-1 || used == (size_t)-2) {
            *out = (wchar_t)(unsigned char)bytes[0];
            return 1;
        }
        *out = decoded;
        return 1;
    }
}

static char *prompt_function(EditLine *el) {
    (void)el;
    return prompt_text;
}

EditLine *trendsh_el_open(const char *program) {
    EditLine *el = el_init(program, stdin, stdout, stderr);
    if (el == NULL) return NULL;
    el_set(el, EL_EDITOR, "emacs");
    el_set(el, EL_PROMPT_ESC, prompt_function, '\1');
    el_set(el, EL_GETCFN, read_char);
    return el;
}

void trendsh_el_close(EditLine *el) { el_end(el); }

int trendsh_el_source_editrc(EditLine *el) {
    int result = el_source(el, NULL);
    /* `bind -v` or `bind -e` resets the key maps, and Tab with them: bind it again. */
    el_set(el, EL_BIND, "^I", "trendsh-complete", NULL);
    return result;
}

void trendsh_el_set_prompt(EditLine *el, const char *text) {
    (void)el;
    strncpy(prompt_text, text, sizeof prompt_text - 1);
    prompt_text[sizeof prompt_text - 1] = '\0';
}

int trendsh_el_bind_completion(EditLine *el, trendsh_el_command fn) {
    /* Through el_set, EL_ADDFN copies the name and help into wide strings that libedit never
       frees (its eln.c says "The two strdup's leak"), a leak LeakSanitizer reports at every
       interactive exit. el_wset keeps the pointers it is given: these live as long as the program. */
    if (el_wset(el, EL_ADDFN, L"trendsh-complete", L"Complete the command or argument", fn) != 0)
        return -1;
    return el_set(el, EL_BIND, "^I", "trendsh-complete", NULL);
}

void trendsh_el_set_clientdata(EditLine *el, void *data) { el_set(el, EL_CLIENTDATA, data); }

void *trendsh_el_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

const char *trendsh_el_gets(EditLine *el, int *count) {
    continue_pending = 0; /* el_gets prepares the terminal and draws the prompt itself */
    reading_line = 1;
    const char *line = el_gets(el, count);
    reading_line = 0;
    return line;
}

History *trendsh_history_open(int size) {
    History *h = history_init();
    if (h == NULL) return NULL;
    HistEvent event;
    history(h, &event, H_SETSIZE, size);
    history(h, &event, H_SETUNIQUE, 1);
    return h;
}

void trendsh_history_close(History *h) { history_end(h); }

void trendsh_history_attach(EditLine *el, History *h) { el_set(el, EL_HIST, history, h); }

int trendsh_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}
