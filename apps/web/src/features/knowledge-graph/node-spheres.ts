import {
  Color,
  InstancedMesh,
  Matrix4,
  MeshLambertMaterial,
  Quaternion,
  SphereGeometry,
  Vector3,
  type Raycaster,
} from 'three';

/** A node as the layout moves it: the coordinates the simulation writes, undefined before its first tick. */
export interface SphereNode {
  x?: number;
  y?: number;
  z?: number;
}

export interface NodeSphereStyle {
  /** Sphere volume in 3d-force-graph's units (`nodeVal`): the radius grows with its cube root. */
  volume: number;
  colour: string;
}

/** 3d-force-graph's `nodeRelSize` default: the radius of a sphere of volume 1. */
const RADIUS_PER_CUBE_ROOT = 4;
/** From this many nodes the spheres get fewer faces: they are a few pixels wide, and software WebGL shades every face. */
export const LARGE_GRAPH_NODES = 2_000;

/** The radius 3d-force-graph gives a default sphere of this volume. */
export function sphereRadius(volume: number): number {
  return Math.cbrt(Math.max(volume, 0) || 1) * RADIUS_PER_CUBE_ROOT;
}

/**
 * Every node's sphere as one instance of a single three.js `InstancedMesh`: one draw call for the whole graph,
 * where 3d-force-graph draws each node as its own mesh (10,000 draw calls a frame for a large realm, which in
 * software WebGL made most of every frame). No object exists per node; the sphere, colours by type and sizes are
 * the library's. `update` copies the layout's positions in after a tick; `nodeIndexAt` finds the node under a
 * ray, for clicks and hover labels, since the library no longer has node objects to pick.
 */
export function createNodeSpheres(
  nodes: readonly SphereNode[],
  styleOf: (index: number) => NodeSphereStyle,
): {
  mesh: InstancedMesh<SphereGeometry, MeshLambertMaterial>;
  update: () => void;
  nodeIndexAt: (raycaster: Raycaster) => number | undefined;
  dispose: () => void;
} {
  const segments = nodes.length >= LARGE_GRAPH_NODES ? 4 : 8;
  const mesh = new InstancedMesh(
    new SphereGeometry(1, segments, segments),
    new MeshLambertMaterial(),
    Math.max(nodes.length, 1),
  );
  // The spheres move with the layout; a bounding sphere computed once would cull them wrongly.
  mesh.frustumCulled = false;
  // Nothing is drawn before the layout's first tick has placed the nodes.
  mesh.count = 0;
  const radii = nodes.map((_, index) => sphereRadius(styleOf(index).volume));
  const colour = new Color();
  nodes.forEach((_, index) => mesh.setColorAt(index, colour.set(styleOf(index).colour)));
  const matrix = new Matrix4();
  const position = new Vector3();
  const rotation = new Quaternion();
  const scale = new Vector3();
  const update = () => {
    nodes.forEach((node, index) => {
      position.set(node.x ?? 0, node.y ?? 0, node.z ?? 0);
      scale.setScalar(radii[index]!);
      mesh.setMatrixAt(index, matrix.compose(position, rotation, scale));
    });
    mesh.count = nodes.length;
    mesh.instanceMatrix.needsUpdate = true;
    // The picking bound follows the positions: recomputed on the next pick, not on every tick.
    mesh.boundingSphere = null;
  };
  const nodeIndexAt = (raycaster: Raycaster) => raycaster.intersectObject(mesh, false)[0]?.instanceId;
  const dispose = () => {
    mesh.geometry.dispose();
    mesh.material.dispose();
    mesh.dispose();
  };
  return { mesh, update, nodeIndexAt, dispose };
}
