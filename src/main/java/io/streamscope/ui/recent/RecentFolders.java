package io.streamscope.ui.recent;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The checkpoint folders opened lately, newest first, remembered in the user's settings (never in a checkpoint).
 * No controls; FX thread only.
 */
public final class RecentFolders {

    public static final int MAX = 8;

    /** Where the list is kept between runs. */
    public interface Store {
        List<String> load();

        void save(List<String> folders);
    }

    private final Store store;
    private final ObservableList<Path> folders = FXCollections.observableArrayList();
    /** One view, kept: an unmodifiable view listens weakly, so a throw-away one would drop its listeners. */
    private final ObservableList<Path> readOnly = FXCollections.unmodifiableObservableList(folders);

    public RecentFolders(Store store) {
        this.store = store;
        List<Path> loaded = new ArrayList<>();
        for (String folder : store.load()) {
            try {
                Path path = Path.of(folder);
                if (!loaded.contains(path) && loaded.size() < MAX) {
                    loaded.add(path);
                }
            } catch (RuntimeException unreadable) {
                // a setting from another machine or a damaged entry: skip it
            }
        }
        folders.setAll(loaded);
    }

    /** A store that forgets everything when the program ends (tests, or settings that cannot be written). */
    public static RecentFolders inMemory() {
        return new RecentFolders(new Store() {
            private List<String> saved = List.of();

            @Override
            public List<String> load() {
                return saved;
            }

            @Override
            public void save(List<String> folders) {
                saved = List.copyOf(folders);
            }
        });
    }

    /** Puts {@code folder} first. */
    public void add(Path folder) {
        Path normal = folder.toAbsolutePath().normalize();
        List<Path> updated = new ArrayList<>(folders);
        updated.remove(normal);
        updated.add(0, normal);
        while (updated.size() > MAX) {
            updated.remove(updated.size() - 1);
        }
        folders.setAll(updated);
        save();
    }

    public void remove(Path folder) {
        if (folders.remove(folder)) {
            save();
        }
    }

    public void clear() {
        folders.clear();
        save();
    }

    private void save() {
        store.save(folders.stream().map(Path::toString).toList());
    }

    public ObservableList<Path> folders() {
        return readOnly;
    }
}
