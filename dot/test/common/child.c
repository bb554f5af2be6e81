#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "child.h"

static void slurp(int fd, char *buf, size_t size)
{
    size_t used = 0;
    ssize_t got;
    while (used + 1 < size && (got = read(fd, buf + used, size - 1 - used)) > 0)
        used += (size_t)got;
    buf[used] = '\0';
    char sink[256];
    while (read(fd, sink, sizeof sink) > 0) /* drain, so the child never blocks on a full pipe */
        ;
}

static void apply_env(const char *const *env)
{
    for (size_t i = 0; env && env[i]; i++) {
        const char *eq = strchr(env[i], '=');
        if (!eq) {
            unsetenv(env[i]);
            continue;
        }
        char name[64];
        size_t len = (size_t)(eq - env[i]);
        if (len >= sizeof name)
            _exit(126);
        memcpy(name, env[i], len);
        name[len] = '\0';
        setenv(name, eq + 1, 1);
    }
}

dot_child_result dot_run_self(const char *arg, const char *const *env)
{
    dot_child_result res = {0, "", ""};
    int out[2], err[2];
    if (pipe(out) || pipe(err)) {
        perror("pipe");
        exit(2);
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        exit(2);
    }
    if (pid == 0) {
        dup2(out[1], 1);
        dup2(err[1], 2);
        close(out[0]);
        close(err[0]);
        apply_env(env);
        execl("/proc/self/exe", "child", arg, (char *)NULL);
        _exit(127);
    }
    close(out[1]);
    close(err[1]);
    slurp(out[0], res.out, sizeof res.out);
    slurp(err[0], res.err, sizeof res.err);
    close(out[0]);
    close(err[0]);
    waitpid(pid, &res.status, 0);
    return res;
}

int dot_child_aborted_with(const dot_child_result *c, const char *needle)
{
    return WIFSIGNALED(c->status) && WTERMSIG(c->status) == SIGABRT && c->out[0] == '\0' &&
           strstr(c->err, needle) != NULL;
}
