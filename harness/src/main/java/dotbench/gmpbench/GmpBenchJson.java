package dotbench.gmpbench;

import com.google.gson.JsonObject;
import java.util.Map;

/** The gmpbench suite's own JSON fields: its variants and GMPbench scores (also used by the official runs' files). */
public final class GmpBenchJson {
    private GmpBenchJson() {}

    public static JsonObject variant(VariantInfo v) {
        JsonObject o = new JsonObject();
        o.addProperty("name", v.name());
        o.addProperty("library", "gmp");
        o.addProperty("path", v.library().toString());
        o.addProperty("version", v.version());
        o.addProperty("marker", v.marker().orElse(null));
        o.addProperty("modified", v.modified());
        o.addProperty("sha256", v.sha256());
        o.addProperty("changed_during_run", v.changedDuringRun());
        o.add("manifest", v.manifest().source().isPresent() ? v.manifest().json() : null);
        return o;
    }

    public static JsonObject scores(Scores s) {
        JsonObject o = new JsonObject();
        JsonObject programs = new JsonObject();
        for (Program p : Program.values()) {
            if (s.programs().containsKey(p)) {
                programs.addProperty(p.label(), s.programs().get(p));
            }
        }
        o.add("programs", programs);
        o.addProperty("base", s.base());
        o.addProperty("app", s.app());
        o.addProperty("total", s.total());
        return o;
    }

    static JsonObject strings(Map<String, String> map) {
        JsonObject o = new JsonObject();
        map.forEach(o::addProperty);
        return o;
    }
}
