package io.streamscope.ui.recent;

import io.streamscope.storage.Locations;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The checkpoints opened lately, newest first, remembered in the user's settings (never in a checkpoint): local
 * folders and remote URIs ({@code hdfs://…}, {@code s3a://…}), kept as text so that a remote one is connected to only
 * when it is opened again. No controls; FX thread only.
 */
public final class RecentFolders {

    public static final int MAX = 8;

    /** Where the list is kept between runs. */
    public interface Store {
        List<String> load();

        void save(List<String> folders);
    }

    private final Store store;
    private final ObservableList<String> locations = FXCollections.observableArrayList();
    private final ObservableList<Path> folders = FXCollections.observableArrayList();
    /** Views kept: an unmodifiable view listens weakly, so a throw-away one would drop its listeners. */
    private final ObservableList<String> readOnlyLocations = FXCollections.unmodifiableObservableList(locations);
    private final ObservableList<Path> readOnly = FXCollections.unmodifiableObservableList(folders);

    public RecentFolders(Store store) {
        this.store = store;
        List<String> loaded = new ArrayList<>();
        for (String location : store.load()) {
            String normal = normal(location);
            if (normal != null && !loaded.contains(normal) && loaded.size() < MAX) {
                loaded.add(normal);
            }
        }
        set(loaded);
    }

    /** A stored entry as the list keeps it, or null for a damaged one (a setting from another machine). */
    private static String normal(String location) {
        if (Locations.isRemote(location)) {
            return location;
        }
        try {
            return Path.of(location).toString();
        } catch (RuntimeException unreadable) {
            return null;
        }
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

    /** Puts {@code folder} (local, or remote: its URI) first. */
    public void add(Path folder) {
        add(Locations.isRemote(folder) ? folder.toString() : folder.toAbsolutePath().normalize().toString());
    }

    private void add(String location) {
        List<String> updated = new ArrayList<>(locations);
        updated.remove(location);
        updated.add(0, location);
        while (updated.size() > MAX) {
            updated.remove(updated.size() - 1);
        }
        set(updated);
        save();
    }

    public void remove(Path folder) {
        if (locations.remove(folder.toString())) {
            set(new ArrayList<>(locations));
            save();
        }
    }

    public void clear() {
        set(List.of());
        save();
    }

    private void set(List<String> all) {
        locations.setAll(all);
        folders.setAll(all.stream().filter(location -> !Locations.isRemote(location)).map(Path::of).toList());
    }

    private void save() {
        store.save(List.copyOf(locations));
    }

    /** Every entry, newest first: a local folder's path or a remote URI. */
    public ObservableList<String> locations() {
        return readOnlyLocations;
    }

    /** The local folders among them. */
    public ObservableList<Path> folders() {
        return readOnly;
    }
}
