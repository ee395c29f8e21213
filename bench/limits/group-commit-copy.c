// The file-system work of `docmigrate convert`, and nothing else: the limit of the `--jobs` measure.
//
// Usage: group-commit-copy THREADS SOURCE DESTINATION
//
// Copies the tree SOURCE into DESTINATION (which must not exist) the way `docmigrate convert` writes its
// outputs, with none of its decoding, converting, verifying in memory, journal or report: a walker thread
// lists each folder, stats each entry by name and makes each destination folder, and hands the files out
// in chunks of 64; THREADS copiers each read a file whole, write it to a temporary sibling of its
// destination, read the temporary back and compare it, and hand it to a committer thread; the committer
// makes the waiting temporaries durable with one `syncfs` per 256 of them (or every 0.2 s), then renames
// them into place without replacing anything; one last `syncfs` makes the renames durable. How much faster
// two copiers are than one is how far a second core can speed up this corpus's file-system work on this
// machine: the ceiling of `convert --jobs 2` against `--jobs 1` here, whatever docmigrate does in between.
//
// Exit status 0 on success; on any failure it names the operation and the path and exits 2.
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { CHUNK = 64, GROUP = 256, MAX_THREADS = 64 };
static const long long GROUP_DELAY_NANOSECONDS = 200000000LL;

typedef struct {
    char *source, *temporary, *destination;
} Item;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work_ready = PTHREAD_COND_INITIALIZER;
static pthread_cond_t commit_ready = PTHREAD_COND_INITIALIZER;
static Item *items;
static size_t item_count, item_capacity, next_item;
static int walk_finished;
static size_t *written;
static size_t written_count, written_capacity, copiers_finished;
static int copier_count;

static void fail(const char *operation, const char *path) {
    fprintf(stderr, "group-commit-copy: %s %s: %s\n", operation, path, strerror(errno));
    exit(2);
}

static void *allocate(void *pointer, size_t size) {
    void *result = realloc(pointer, size);
    if (!result) {
        errno = ENOMEM;
        fail("allocate", "memory");
    }
    return result;
}

static char *joined(const char *folder, const char *name) {
    size_t length = strlen(folder) + 1 + strlen(name) + 1;
    char *path = allocate(NULL, length);
    snprintf(path, length, "%s/%s", folder, name);
    return path;
}

static long long now_nanoseconds(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (long long)time.tv_sec * 1000000000LL + time.tv_nsec;
}

static void publish(char *source, char *destination) {
    char name[64];
    pthread_mutex_lock(&lock);
    if (item_count == item_capacity) {
        item_capacity = item_capacity ? item_capacity * 2 : 4096;
        items = allocate(items, item_capacity * sizeof *items);
    }
    snprintf(name, sizeof name, ".group-commit-copy-tmp-%zu", item_count);
    const char *slash = strrchr(destination, '/');
    size_t folder_length = (size_t)(slash - destination);
    char *temporary = allocate(NULL, folder_length + 1 + strlen(name) + 1);
    memcpy(temporary, destination, folder_length);
    temporary[folder_length] = '/';
    strcpy(temporary + folder_length + 1, name);
    items[item_count++] = (Item){source, temporary, destination};
    if ((item_count - next_item) >= CHUNK) pthread_cond_broadcast(&work_ready);
    pthread_mutex_unlock(&lock);
}

static int by_name(const void *left, const void *right) {
    return strcmp(*(char *const *)left, *(char *const *)right);
}

/// Lists `source`, makes `destination` unless it is the root (`main` made that), and publishes its files.
static void walk(const char *source, const char *destination, int makes_destination) {
    if (makes_destination && mkdir(destination, 0755) != 0) fail("mkdir", destination);
    DIR *folder = opendir(source);
    if (!folder) fail("opendir", source);
    char **names = NULL;
    size_t count = 0, capacity = 0;
    struct dirent *entry;
    while ((entry = readdir(folder))) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
        if (count == capacity) {
            capacity = capacity ? capacity * 2 : 64;
            names = allocate(names, capacity * sizeof *names);
        }
        names[count++] = strdup(entry->d_name);
    }
    // Sorted, as docmigrate walks: neighbouring items share a folder.
    qsort(names, count, sizeof *names, by_name);
    for (size_t index = 0; index < count; index++) {
        struct stat status;
        if (fstatat(dirfd(folder), names[index], &status, AT_SYMLINK_NOFOLLOW) != 0) fail("stat", names[index]);
        char *from = joined(source, names[index]);
        char *to = joined(destination, names[index]);
        if (S_ISDIR(status.st_mode)) {
            walk(from, to, 1);
            free(from);
            free(to);
        } else if (S_ISREG(status.st_mode)) {
            publish(from, to);
        }
        free(names[index]);
    }
    free(names);
    closedir(folder);
}

typedef struct {
    const char *source, *destination;
} WalkArguments;

static void *walker(void *argument) {
    WalkArguments *arguments = argument;
    walk(arguments->source, arguments->destination, 0);
    pthread_mutex_lock(&lock);
    walk_finished = 1;
    pthread_cond_broadcast(&work_ready);
    pthread_mutex_unlock(&lock);
    return NULL;
}

static void copy_one(Item *item, char **buffer, size_t *capacity, char **back, size_t *back_capacity) {
    int input = open(item->source, O_RDONLY | O_CLOEXEC);
    if (input < 0) fail("open", item->source);
    struct stat status;
    if (fstat(input, &status) != 0) fail("fstat", item->source);
    size_t length = 0;
    for (;;) {
        if (length == *capacity) {
            *capacity = *capacity ? *capacity * 2 : 1 << 16;
            *buffer = allocate(*buffer, *capacity);
        }
        ssize_t count = read(input, *buffer + length, *capacity - length);
        if (count < 0) fail("read", item->source);
        if (count == 0) break;
        length += (size_t)count;
    }
    close(input);
    int output = open(item->temporary, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0644);
    if (output < 0) fail("create", item->temporary);
    for (size_t done = 0; done < length;) {
        ssize_t count = write(output, *buffer + done, length - done);
        if (count <= 0) fail("write", item->temporary);
        done += (size_t)count;
    }
    if (*back_capacity < length + 1) {
        *back_capacity = length + 1;
        *back = allocate(*back, *back_capacity);
    }
    size_t read_back = 0;
    for (;;) {
        ssize_t count = pread(output, *back + read_back, *back_capacity - read_back, (off_t)read_back);
        if (count < 0) fail("read back", item->temporary);
        if (count == 0 || read_back + (size_t)count > length) {
            read_back += (size_t)(count > 0 ? count : 0);
            break;
        }
        read_back += (size_t)count;
    }
    if (read_back != length || memcmp(*buffer, *back, length) != 0) {
        errno = EIO;
        fail("compare", item->temporary);
    }
    close(output);
}

static void *copier(void *unused) {
    (void)unused;
    char *buffer = NULL, *back = NULL;
    size_t capacity = 0, back_capacity = 0;
    for (;;) {
        pthread_mutex_lock(&lock);
        while (next_item == item_count && !walk_finished) pthread_cond_wait(&work_ready, &lock);
        if (next_item == item_count) {
            copiers_finished++;
            pthread_cond_signal(&commit_ready);
            pthread_mutex_unlock(&lock);
            break;
        }
        size_t first = next_item;
        size_t end = item_count - first > CHUNK ? first + CHUNK : item_count;
        next_item = end;
        pthread_mutex_unlock(&lock);
        for (size_t index = first; index < end; index++) {
            // `items` may move while the walker grows it: copy the entry under the lock.
            pthread_mutex_lock(&lock);
            Item item = items[index];
            pthread_mutex_unlock(&lock);
            copy_one(&item, &buffer, &capacity, &back, &back_capacity);
            pthread_mutex_lock(&lock);
            if (written_count == written_capacity) {
                written_capacity = written_capacity ? written_capacity * 2 : 4096;
                written = allocate(written, written_capacity * sizeof *written);
            }
            written[written_count++] = index;
            if (written_count % GROUP == 0) pthread_cond_signal(&commit_ready);
            pthread_mutex_unlock(&lock);
        }
    }
    free(buffer);
    free(back);
    return NULL;
}

static void *committer(void *argument) {
    const char *destination = argument;
    int root = -1;
    size_t committed = 0;
    for (;;) {
        pthread_mutex_lock(&lock);
        long long deadline = now_nanoseconds() + GROUP_DELAY_NANOSECONDS;
        while (written_count - committed < GROUP && copiers_finished < (size_t)copier_count) {
            struct timespec until = {deadline / 1000000000LL, deadline % 1000000000LL};
            if (pthread_cond_timedwait(&commit_ready, &lock, &until) == ETIMEDOUT) break;
        }
        size_t end = written_count;
        int last = copiers_finished == (size_t)copier_count;
        Item *batch = allocate(NULL, (end - committed + 1) * sizeof *batch);
        for (size_t index = committed; index < end; index++) batch[index - committed] = items[written[index]];
        pthread_mutex_unlock(&lock);
        if (root < 0 && (root = open(destination, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) fail("open", destination);
        if (end > committed) {
            if (syncfs(root) != 0) fail("syncfs", destination);
            for (size_t index = committed; index < end; index++) {
                Item *item = &batch[index - committed];
                if (renameat2(AT_FDCWD, item->temporary, AT_FDCWD, item->destination, RENAME_NOREPLACE) != 0)
                    fail("rename", item->temporary);
            }
        }
        free(batch);
        committed = end;
        if (last) break;
    }
    if (syncfs(root) != 0) fail("syncfs", destination);
    close(root);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 4 || atoi(argv[1]) < 1 || atoi(argv[1]) > MAX_THREADS) {
        fprintf(stderr, "usage: group-commit-copy THREADS(1-%d) SOURCE DESTINATION\n", MAX_THREADS);
        return 64;
    }
    copier_count = atoi(argv[1]);
    WalkArguments walk_arguments = {argv[2], argv[3]};
    pthread_t walk_thread, commit_thread, copy_threads[MAX_THREADS];
    // The root exists before the committer opens it.
    if (mkdir(argv[3], 0755) != 0) fail("mkdir", argv[3]);
    pthread_create(&walk_thread, NULL, walker, &walk_arguments);
    for (int index = 0; index < copier_count; index++) pthread_create(&copy_threads[index], NULL, copier, NULL);
    pthread_create(&commit_thread, NULL, committer, argv[3]);
    pthread_join(walk_thread, NULL);
    for (int index = 0; index < copier_count; index++) pthread_join(copy_threads[index], NULL);
    pthread_mutex_lock(&lock);
    pthread_cond_signal(&commit_ready);
    pthread_mutex_unlock(&lock);
    pthread_join(commit_thread, NULL);
    return 0;
}
