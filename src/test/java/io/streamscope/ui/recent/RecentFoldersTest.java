package io.streamscope.ui.recent;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.prefs.Preferences;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RecentFoldersTest {

    @Test
    void newestFirstWithoutDuplicatesAndAtMostEight() {
        RecentFolders recent = RecentFolders.inMemory();
        for (int i = 0; i < 10; i++) {
            recent.add(Path.of("/data/ckpt" + i));
        }
        recent.add(Path.of("/data/ckpt5/"));

        assertEquals(RecentFolders.MAX, recent.folders().size());
        assertEquals(Path.of("/data/ckpt5"), recent.folders().get(0));
        assertEquals(Path.of("/data/ckpt9"), recent.folders().get(1));
        assertEquals(1, recent.folders().stream().filter(Path.of("/data/ckpt5")::equals).count());
    }

    @Test
    void theListSurvivesARestartInTheUsersSettings() throws Exception {
        Preferences node = Preferences.userRoot().node("io/streamscope/test-" + UUID.randomUUID());
        PreferencesStore store = new PreferencesStore(node);
        try {
            RecentFolders first = new RecentFolders(store);
            first.add(Path.of("/data/a"));
            first.add(Path.of("/data/b"));

            RecentFolders again = new RecentFolders(new PreferencesStore(node));
            assertEquals(List.of(Path.of("/data/b"), Path.of("/data/a")), again.folders());
            again.clear();
            assertEquals(List.of(), new RecentFolders(new PreferencesStore(node)).folders());
        } finally {
            store.removeNode();
        }
    }

    @Test
    void remoteUrisAreKeptAsTextBesideTheLocalFolders() throws Exception {
        Preferences node = Preferences.userRoot().node("io/streamscope/test-" + UUID.randomUUID());
        PreferencesStore store = new PreferencesStore(node);
        try {
            store.save(List.of("s3a://bucket/chk/orders-agg", "/data/a", "hdfs://namenode:8020/chk/b"));
            RecentFolders recent = new RecentFolders(new PreferencesStore(node));
            assertEquals(List.of("s3a://bucket/chk/orders-agg", "/data/a", "hdfs://namenode:8020/chk/b"), recent.locations());
            assertEquals(List.of(Path.of("/data/a")), recent.folders(), "a URI is no local folder");
            recent.add(Path.of("/data/c"));
            assertEquals(List.of("/data/c", "s3a://bucket/chk/orders-agg", "/data/a", "hdfs://namenode:8020/chk/b"),
                    new RecentFolders(new PreferencesStore(node)).locations());
        } finally {
            store.removeNode();
        }
    }
}
